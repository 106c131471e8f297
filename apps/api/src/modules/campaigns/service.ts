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
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignLogs, campaignRecipients, campaigns, subscribers, subscriberTags } from "../../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { escapeLike, pgArray, queryRows } from "../../lib/sql.ts";
import { sanitizeCampaignHtml } from "../../mail/render.ts";
import { suppressedAddress } from "../newsletter/suppressions.ts";

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

/** Who an audience reaches: only people whose status is subscribed, ever. */
/** Subscribed people of the audience, never a suppressed address (modules/newsletter/suppressions.ts). */
function audienceWhere(audience: Audience): SQL {
  const subscribed = and(
    eq(subscribers.status, "subscribed"),
    sql`not ${suppressedAddress(sql`"subscribers"."email"`)}`,
  ) as SQL;
  if (audience.type === "tags") {
    return and(
      subscribed,
      sql`exists (select 1 from ${subscriberTags} where ${subscriberTags.subscriberId} = "subscribers"."id" and ${subscriberTags.tagId} = any(${pgArray(audience.tagIds)}::uuid[]))`,
    ) as SQL;
  }
  if (audience.type === "subscribers") return and(subscribed, inArray(subscribers.id, audience.subscriberIds)) as SQL;
  return subscribed;
}

export async function countAudience(db: Db, audience: Audience): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscribers).where(audienceWhere(audience));
  return row?.n ?? 0;
}

export async function getCampaign(db: Db, id: string): Promise<CampaignDto> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound(campaignCopy.notFound);
  return toCampaignDto(row);
}

export async function createCampaign(
  db: Db,
  input: { subject: string; preheader: string; html: string; audience: Audience },
  createdBy: string,
): Promise<CampaignDto> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...input, html: sanitizeCampaignHtml(input.html), createdBy })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  await logCampaign(db, row.id, "created");
  return toCampaignDto(row);
}

const editable: CampaignStatus[] = ["draft", "scheduled"];

export async function updateCampaign(
  db: Db,
  id: string,
  input: { subject?: string; preheader?: string; html?: string; audience?: Audience },
) {
  const before = await getCampaign(db, id);
  if (!editable.includes(before.status)) throw conflict(campaignCopy.notEditable);
  const [row] = await db
    .update(campaigns)
    .set({ ...input, ...(input.html !== undefined && { html: sanitizeCampaignHtml(input.html) }) })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, editable)))
    .returning();
  if (!row) throw conflict(campaignCopy.notEditable);
  return { before, after: toCampaignDto(row) };
}

export async function deleteDraft(db: Db, id: string): Promise<CampaignDto> {
  const campaign = await getCampaign(db, id);
  if (!editable.includes(campaign.status)) throw conflict(campaignCopy.notEditable);
  await db.delete(campaigns).where(eq(campaigns.id, id));
  return campaign;
}

/** History may be deleted once nothing is being sent from it. */
export async function deleteHistory(db: Db, id: string): Promise<CampaignDto> {
  const campaign = await getCampaign(db, id);
  if (campaign.status === "sending") throw conflict("Pause or cancel the campaign before deleting it");
  await db.delete(campaigns).where(eq(campaigns.id, id));
  return campaign;
}

export async function scheduleCampaign(db: Db, id: string, scheduledAt: Date): Promise<CampaignDto> {
  if (scheduledAt.getTime() <= Date.now()) {
    throw badRequest(campaignCopy.scheduleInFuture, { scheduledAt: campaignCopy.scheduleInFuture });
  }
  const campaign = await getCampaign(db, id);
  if (!editable.includes(campaign.status)) throw conflict(campaignCopy.notEditable);
  if ((await countAudience(db, campaign.audience)) === 0) throw badRequest(campaignCopy.noRecipients);
  const [row] = await db
    .update(campaigns)
    .set({ status: "scheduled", scheduledAt })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, editable)))
    .returning();
  if (!row) throw conflict(campaignCopy.notEditable);
  await logCampaign(db, id, "scheduled", `Scheduled for ${scheduledAt.toISOString()}`);
  return toCampaignDto(row);
}

export async function unscheduleCampaign(db: Db, id: string): Promise<CampaignDto> {
  const [row] = await db
    .update(campaigns)
    .set({ status: "draft", scheduledAt: null })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, "scheduled")))
    .returning();
  if (!row) throw conflict("Only a scheduled campaign can be unscheduled");
  await logCampaign(db, id, "unscheduled");
  return toCampaignDto(row);
}

/**
 * Freezes the audience: one recipient row per subscribed person (unique per campaign), in one
 * statement. Returns how many were added.
 */
async function snapshotRecipients(db: Db, campaignId: string, audience: Audience): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with added as (
      insert into ${campaignRecipients} (id, campaign_id, subscriber_id, email)
      select uuid_v7(), ${campaignId}, "subscribers"."id", "subscribers"."email" from ${subscribers} where ${audienceWhere(audience)}
      on conflict (campaign_id, subscriber_id) do nothing
      returning 1)
    select count(*)::int as n from added`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Moves a campaign into sending exactly once (`WHERE status IN …` makes a race harmless), then
 * snapshots its audience. `from` names the statuses it may start from.
 */
export async function startCampaign(db: Db, id: string, from: CampaignStatus[] = ["draft", "scheduled"]) {
  const campaign = await getCampaign(db, id);
  if (!from.includes(campaign.status)) throw conflict(`A ${campaign.status} campaign cannot be sent`);
  if ((await countAudience(db, campaign.audience)) === 0) throw badRequest(campaignCopy.noRecipients);
  // One transaction: a sender elsewhere must never see the campaign sending before its recipients
  // exist, or it would find nothing queued and call the campaign finished.
  await db.transaction(async (tx) => {
    const [started] = await tx
      .update(campaigns)
      .set({ status: "sending", startedAt: new Date() })
      .where(and(eq(campaigns.id, id), inArray(campaigns.status, from)))
      .returning({ id: campaigns.id });
    if (!started) throw conflict("The campaign has already started");
    const added = await snapshotRecipients(tx, id, campaign.audience);
    await tx.update(campaigns).set({ recipientCount: added }).where(eq(campaigns.id, id));
    await logCampaign(tx, id, "started", `Sending to ${added} recipient${added === 1 ? "" : "s"}`);
  });
  return getCampaign(db, id);
}

/** Starts every scheduled campaign that is due; two schedulers racing start each one once. */
export async function startDueCampaigns(db: Db, now = new Date()): Promise<string[]> {
  // As in startCampaign: the status and the recipients become visible together.
  return db.transaction(async (tx) => {
    const due = await tx
      .update(campaigns)
      .set({ status: "sending", startedAt: now })
      .where(and(eq(campaigns.status, "scheduled"), sql`${campaigns.scheduledAt} <= ${now}`))
      .returning({ id: campaigns.id, audience: campaigns.audience });
    for (const campaign of due) {
      const added = await snapshotRecipients(tx, campaign.id, campaign.audience as Audience);
      await tx.update(campaigns).set({ recipientCount: added }).where(eq(campaigns.id, campaign.id));
      await logCampaign(
        tx,
        campaign.id,
        "started",
        `Scheduled send started for ${added} recipient${added === 1 ? "" : "s"}`,
      );
    }
    return due.map((row) => row.id);
  });
}

export async function setSendingState(db: Db, id: string, action: "pause" | "resume" | "cancel"): Promise<CampaignDto> {
  const transitions = {
    pause: ["sending", "paused"],
    resume: ["paused", "sending"],
    cancel: ["sending", "cancelled"],
  } as const;
  const [from, to] = transitions[action];
  const allowed = action === "cancel" ? ["sending", "paused", "scheduled"] : [from];
  const [row] = await db
    .update(campaigns)
    .set({ status: to, ...(action === "resume" && { consecutiveErrors: 0 }) })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, allowed)))
    .returning();
  if (!row)
    throw conflict(
      `The campaign cannot be ${action === "pause" ? "paused" : action === "resume" ? "resumed" : "cancelled"} now`,
    );
  if (action === "cancel") {
    await db
      .update(campaignRecipients)
      .set({ status: "skipped", lastError: "Campaign cancelled" })
      .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.status, "queued")));
  }
  await logCampaign(db, id, action === "pause" ? "paused" : action === "resume" ? "resumed" : "cancelled");
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
