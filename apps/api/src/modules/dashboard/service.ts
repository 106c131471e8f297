import type { DashboardData as DashboardBlocks } from "@shop/shared/schemas/dashboard";
import { count, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contacts, products, subscribers } from "../../db/schema/index.ts";
import { queryRows } from "../../lib/sql.ts";
import { listActivityLogs } from "../activity-logs/service.ts";
import { countContacts, countOverdueContacts } from "../contacts/service.ts";
import { signUpsPerDay } from "../newsletter/sign-ups.ts";

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

/** New subscribers per day over 30 days (as the statistics page counts them) with the running total of subscribed people. */
async function subscriberBlock(db: Db): Promise<DashboardBlocks["subscribers"]> {
  const [totals, daily] = await Promise.all([
    db
      .select({
        total: count(),
        subscribed: sql<number>`count(*) filter (where ${subscribers.status} = 'subscribed')::int`,
      })
      .from(subscribers),
    signUpsPerDay(db, 30),
  ]);
  const subscribed = totals[0]?.subscribed ?? 0;
  // The total climbs by the people still subscribed who joined that day, to end at today's audience.
  let running = subscribed - daily.reduce((sum, day) => sum + day.stillSubscribed, 0);
  const growth = daily.map((day) => {
    running += day.stillSubscribed;
    return { date: day.day, new: day.subscribed, total: running };
  });
  return { subscribed, total: totals[0]?.total ?? 0, growth };
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
