import {
  type Audience,
  type CampaignCounts,
  type CampaignDto,
  type CampaignStatus,
  campaignCopy,
  type RecipientStatus,
  recipientStatuses,
} from "@shop/shared/schemas/campaigns";
import { paginationOf } from "@shop/shared/schemas/common";
import { and, asc, count, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignLogs, campaignRecipients, campaigns } from "../../db/schema/index.ts";
import { notFound } from "../../lib/errors.ts";
import { escapeLike, queryRows } from "../../lib/sql.ts";

/**
 * What the history pages read: a campaign, the list, its recipients' counts and rows, and its log
 * (written by lifecycle.ts at each status change). Nothing here changes a status.
 */

type CampaignRow = typeof campaigns.$inferSelect;

export function toCampaignDto(row: CampaignRow): CampaignDto {
  return {
    _id: row.id,
    subject: row.subject,
    preheader: row.preheader,
    html: row.html,
    audience: row.audience as Audience,
    status: row.status as CampaignStatus,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    recipientCount: row.recipientCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function logCampaign(
  db: Pick<Db, "insert">,
  campaignId: string,
  event: string,
  message = "",
): Promise<void> {
  await db.insert(campaignLogs).values({ campaignId, event, message });
}

export async function getCampaign(db: Db, id: string): Promise<CampaignDto> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound(campaignCopy.notFound);
  return toCampaignDto(row);
}

export async function listCampaigns(
  db: Db,
  query: { page: number; limit: number; search?: string | undefined; status?: CampaignStatus | undefined },
) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(campaigns.status, query.status));
  if (query.search) filters.push(ilike(campaigns.subject, `%${escapeLike(query.search)}%`));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return {
    campaigns: rows.map(toCampaignDto),
    pagination: {
      ...paginationOf(query.page, query.limit, total),
      totalCampaigns: total,
      campaignsPerPage: query.limit,
    },
  };
}

export async function campaignCounts(db: Db, id: string): Promise<CampaignCounts> {
  const rows = await db
    .select({
      status: campaignRecipients.status,
      total: count(),
      opened: sql<number>`count(${campaignRecipients.openedAt})::int`,
      clicked: sql<number>`count(${campaignRecipients.clickedAt})::int`,
      unsubscribed: sql<number>`count(${campaignRecipients.unsubscribedAt})::int`,
    })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, id))
    .groupBy(campaignRecipients.status);
  const counts = Object.fromEntries(recipientStatuses.map((s) => [s, 0])) as Record<RecipientStatus, number>;
  let opened = 0;
  let clicked = 0;
  let unsubscribed = 0;
  for (const row of rows) {
    if (row.status in counts) counts[row.status as RecipientStatus] = row.total;
    opened += row.opened;
    clicked += row.clicked;
    unsubscribed += row.unsubscribed;
  }
  const [reported] = await queryRows<{ complained: number }>(
    db,
    sql`select count(distinct coalesce(subscriber_id::text, email))::int as complained
      from delivery_events where campaign_id = ${id} and kind = 'complaint'`,
  );
  return { ...counts, opened, clicked, unsubscribed, complained: reported?.complained ?? 0 };
}

export async function listRecipients(
  db: Db,
  id: string,
  query: { page: number; limit: number; search?: string | undefined; status?: RecipientStatus | undefined },
) {
  const filters: SQL[] = [eq(campaignRecipients.campaignId, id)];
  if (query.status) filters.push(eq(campaignRecipients.status, query.status));
  if (query.search) filters.push(ilike(campaignRecipients.email, `%${escapeLike(query.search)}%`));
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(campaignRecipients)
      .where(where)
      .orderBy(asc(campaignRecipients.email))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(campaignRecipients).where(where),
  ]);
  return {
    recipients: rows.map((row) => ({
      _id: row.id,
      subscriberId: row.subscriberId,
      email: row.email,
      status: row.status as RecipientStatus,
      attempts: row.attempts,
      lastError: row.lastError,
      messageId: row.messageId,
      sentAt: row.sentAt?.toISOString() ?? null,
      openedAt: row.openedAt?.toISOString() ?? null,
      clickedAt: row.clickedAt?.toISOString() ?? null,
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    })),
    pagination: {
      ...paginationOf(query.page, query.limit, total),
      totalRecipients: total,
      recipientsPerPage: query.limit,
    },
  };
}

export async function listLogs(db: Db, id: string) {
  const rows = await db
    .select()
    .from(campaignLogs)
    .where(eq(campaignLogs.campaignId, id))
    .orderBy(asc(campaignLogs.createdAt))
    .limit(1_000);
  return rows.map((row) => ({
    _id: row.id,
    event: row.event,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }));
}
