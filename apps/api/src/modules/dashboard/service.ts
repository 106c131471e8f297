import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import type { ContactCounts } from "@shop/shared/schemas/contacts";
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contacts, products, subscribers } from "../../db/schema/index.ts";
import { queryRows } from "../../lib/sql.ts";
import { listActivityLogs } from "../activity-logs/service.ts";
import { countContacts, countOverdueContacts } from "../contacts/service.ts";

export type DashboardBlocks = {
  products?: { active: number; inactive: number; outOfStock: number };
  /** `overdue`: not actioned past the promised response time. */
  contacts?: { byStatus: ContactCounts; newThisWeek: number; overdue: number };
  subscribers?: { subscribed: number; total: number; growth: { date: string; new: number; total: number }[] };
  activity?: ActivityLogDto[];
  campaigns?: { sent: number; averageOpenRate: number };
};

const dayMs = 86_400_000;

async function productBlock(db: Db): Promise<DashboardBlocks["products"]> {
  const rows = await db
    .select({
      status: products.status,
      total: count(),
      outOfStock: sql<number>`count(*) filter (where not ${products.inStock})::int`,
    })
    .from(products)
    .groupBy(products.status);
  const active = rows.find((row) => row.status === "active");
  return {
    active: active?.total ?? 0,
    inactive: rows.find((row) => row.status === "inactive")?.total ?? 0,
    outOfStock: active?.outOfStock ?? 0,
  };
}

async function contactBlock(db: Db): Promise<DashboardBlocks["contacts"]> {
  const [byStatus, [week], overdue] = await Promise.all([
    countContacts(db),
    db
      .select({ total: count() })
      .from(contacts)
      .where(gte(contacts.createdAt, new Date(Date.now() - 7 * dayMs))),
    countOverdueContacts(db),
  ]);
  return { byStatus, newThisWeek: week?.total ?? 0, overdue };
}

/** Daily sign-ups over 30 days with the running total of subscribed people, from two indexed queries. */
async function subscriberBlock(db: Db): Promise<DashboardBlocks["subscribers"]> {
  const since = new Date(Math.floor(Date.now() / dayMs) * dayMs - 29 * dayMs);
  const [totals, daily] = await Promise.all([
    db
      .select({
        total: count(),
        subscribed: sql<number>`count(*) filter (where ${subscribers.status} = 'subscribed')::int`,
        before: sql<number>`count(*) filter (where ${subscribers.status} = 'subscribed' and ${subscribers.createdAt} < ${since})::int`,
      })
      .from(subscribers),
    db
      .select({
        day: sql<string>`to_char(date_trunc('day', ${subscribers.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        added: count(),
      })
      .from(subscribers)
      .where(and(gte(subscribers.createdAt, since), eq(subscribers.status, "subscribed")))
      .groupBy(sql`1`),
  ]);
  const byDay = new Map(daily.map((row) => [row.day, row.added]));
  let running = totals[0]?.before ?? 0;
  const growth = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(since.getTime() + i * dayMs).toISOString().slice(0, 10);
    const added = byDay.get(date) ?? 0;
    running += added;
    return { date, new: added, total: running };
  });
  return { subscribed: totals[0]?.subscribed ?? 0, total: totals[0]?.total ?? 0, growth };
}

/** Campaigns sent, and the mean of their open rates (opened ÷ delivered), 0–1. */
async function campaignBlock(db: Db): Promise<DashboardBlocks["campaigns"]> {
  const [row] = await queryRows<{ sent: number; rate: number | null }>(
    db,
    sql`select count(*)::int as sent, avg(rate)::float as rate from (
      select c.id, count(r.opened_at)::float / nullif(count(*) filter (where r.status = 'sent'), 0) as rate
      from campaigns c left join campaign_recipients r on r.campaign_id = c.id
      where c.status = 'sent' group by c.id) per_campaign`,
  );
  return { sent: row?.sent ?? 0, averageOpenRate: row?.rate ?? 0 };
}

export type DashboardAccess = {
  products: boolean;
  contacts: boolean;
  subscribers: boolean;
  activity: boolean;
  campaigns: boolean;
};

/** One call for the whole dashboard; each block only for those allowed to see it. */
export async function dashboard(db: Db, access: DashboardAccess): Promise<DashboardBlocks> {
  const [productData, contactData, subscriberData, activity, campaignData] = await Promise.all([
    access.products ? productBlock(db) : undefined,
    access.contacts ? contactBlock(db) : undefined,
    access.subscribers ? subscriberBlock(db) : undefined,
    access.activity ? listActivityLogs(db, { page: 1, limit: 8 }).then((page) => page.logs) : undefined,
    access.campaigns ? campaignBlock(db) : undefined,
  ]);
  return {
    ...(productData && { products: productData }),
    ...(contactData && { contacts: contactData }),
    ...(subscriberData && { subscribers: subscriberData }),
    ...(activity && { activity }),
    ...(campaignData && campaignData.sent > 0 && { campaigns: campaignData }),
  };
}
