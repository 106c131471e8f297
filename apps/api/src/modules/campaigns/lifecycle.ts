import { type Audience, type CampaignDto, type CampaignStatus, campaignCopy } from "@shop/shared/schemas/campaigns";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaigns } from "../../db/schema/index.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { queryRows } from "../../lib/sql.ts";
import { recordDeliveryEvents } from "../newsletter/delivery-events.ts";
import { getCampaign, logCampaign, toCampaignDto } from "./history.ts";
import type { Outcome, RefusedRecipient } from "./recipient-outcomes.ts";
import {
  type Claimed,
  cancelledReason,
  countAudience,
  countQueued,
  queueAudiencePart,
  queueEmpty,
  skipQueued,
  tally,
} from "./recipient-queue.ts";

/**
 * The one home of a campaign's status and its rules:
 *   draft ⇄ scheduled → sending ⇄ paused → sent, and cancelled from scheduled, sending or paused.
 * Each change is one conditional UPDATE (`WHERE status IN …`), so two instances racing make it once,
 * and each is logged. Sending pauses itself after `autoPauseAfter` consecutive failures and becomes
 * sent once its audience is queued to the end (in parts, while it sends) and nothing of it is queued
 * or claimed.
 */

/** A campaign may be edited, deleted as a draft or scheduled only before it starts. */
export const editable: CampaignStatus[] = ["draft", "scheduled"];

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
 * Moves a campaign into sending exactly once (`WHERE status IN …` makes a race harmless), then
 * queues the first part of its audience; the sender queues the rest (queuePendingAudiences). `from`
 * names the statuses it may start from.
 */
export async function startCampaign(
  db: Db,
  id: string,
  from: CampaignStatus[] = ["draft", "scheduled"],
): Promise<CampaignDto> {
  const campaign = await getCampaign(db, id);
  if (!from.includes(campaign.status)) throw conflict(`A ${campaign.status} campaign cannot be sent`);
  // One transaction: a sender elsewhere must never see the campaign sending before its first
  // recipients exist. An audience of nobody rolls the start back, so it is found by queueing.
  const started = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: "sending", startedAt: new Date(), audienceQueued: false, queuedThrough: null })
      .where(and(eq(campaigns.id, id), inArray(campaigns.status, from)))
      .returning();
    if (!row) throw conflict("The campaign has already started");
    const recipients = await queueFirstPart(tx, id, campaign.audience);
    if (recipients === 0) throw badRequest(campaignCopy.noRecipients);
    await logCampaign(tx, id, "started", `Sending to ${recipients} recipient${recipients === 1 ? "" : "s"}`);
    return { ...row, recipientCount: recipients };
  });
  return toCampaignDto(started);
}

/**
 * Starts every scheduled campaign that is due; two schedulers racing start each one once. Answers
 * those started: one whose audience has emptied since it was scheduled (its tag deleted) fails
 * instead, as "Send now" would refuse it, rather than finishing "sent" to nobody.
 */
export async function startDueCampaigns(db: Db, now = new Date()): Promise<string[]> {
  // As in startCampaign: the status and the first recipients become visible together.
  return db.transaction(async (tx) => {
    const due = await tx
      .update(campaigns)
      .set({ status: "sending", startedAt: now, audienceQueued: false, queuedThrough: null })
      .where(and(eq(campaigns.status, "scheduled"), sql`${campaigns.scheduledAt} <= ${now}`))
      .returning({ id: campaigns.id, audience: campaigns.audience });
    const started: string[] = [];
    for (const campaign of due) {
      const recipients = await queueFirstPart(tx, campaign.id, campaign.audience as Audience);
      if (recipients === 0) {
        await tx.update(campaigns).set({ status: "failed", startedAt: null }).where(eq(campaigns.id, campaign.id));
        await logCampaign(tx, campaign.id, "failed", "No subscribed recipients at the scheduled time");
        continue;
      }
      await logCampaign(
        tx,
        campaign.id,
        "started",
        `Scheduled send started for ${recipients} recipient${recipients === 1 ? "" : "s"}`,
      );
      started.push(campaign.id);
    }
    return started;
  });
}

/**
 * Queues the first part of a campaign that has just started, and sets how many it goes to: those
 * queued when that was everyone, or the audience counted now while the rest waits to be queued.
 */
async function queueFirstPart(db: Db, id: string, audience: Audience): Promise<number> {
  const { added, complete } = await queueAudiencePart(db, id, audience);
  const recipients = complete ? added : await countAudience(db, audience);
  await db.update(campaigns).set({ recipientCount: recipients }).where(eq(campaigns.id, id));
  return recipients;
}

/**
 * Queues the next part of every started campaign whose audience is not queued to the end, wherever
 * it was started and whatever stopped its queueing before. Any sender may call it at any time. A
 * campaign queued to the end has its recipient count set to those queued (people who joined or left
 * meanwhile included). Answers how many were queued and whether any campaign has more to queue.
 */
export async function queuePendingAudiences(db: Db): Promise<{ added: number; pending: boolean }> {
  const open = await db
    .select({ id: campaigns.id, audience: campaigns.audience })
    .from(campaigns)
    .where(and(inArray(campaigns.status, ["sending", "paused"]), eq(campaigns.audienceQueued, false)));
  let added = 0;
  let pending = false;
  for (const campaign of open) {
    const part = await queueAudiencePart(db, campaign.id, campaign.audience as Audience);
    added += part.added;
    if (part.complete === false) pending = true;
    if (part.complete) {
      const recipients = await countQueued(db, campaign.id);
      await db.update(campaigns).set({ recipientCount: recipients }).where(eq(campaigns.id, campaign.id));
    }
  }
  return { added, pending };
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
  if (action === "cancel") await skipQueued(db, id, cancelledReason);
  await logCampaign(db, id, action === "pause" ? "paused" : action === "resume" ? "resumed" : "cancelled");
  return toCampaignDto(row);
}

export type SendingRules = {
  /** The most recipients one claim takes. */
  batchSize: number;
  /** Consecutive failures after which a campaign pauses itself. */
  autoPauseAfter: number;
};

/**
 * After a batch, per campaign in it: counts consecutive failures (pausing at the limit) and finishes
 * the campaign once nothing of it is left. A campaign that filled the whole claim still has
 * recipients queued, so its finish check waits for a later batch (or the empty claim that ends
 * every send). Answers the campaigns that became sent.
 */
export async function settleBatch(
  db: Db,
  rules: SendingRules,
  outcomes: Outcome[],
  delivered: Claimed[],
  claimed: Claimed[],
): Promise<string[]> {
  const finished: string[] = [];
  for (const campaignId of new Set(claimed.map((r) => r.campaign_id))) {
    const mine = new Set(delivered.filter((r) => r.campaign_id === campaignId).map((r) => r.id));
    // Held or skipped recipients were not tried (their campaign paused or was cancelled): they
    // neither fail nor break a streak.
    const results = outcomes.filter((o) => mine.has(o.id) && o.kind !== "held" && o.kind !== "skipped");
    const failures = results.filter((o) => o.kind !== "sent").length;
    if (results.length > 0 && failures === results.length) {
      await countFailures(db, campaignId, failures, rules.autoPauseAfter);
    } else if (results.length > 0) {
      // Written only when there is a streak to break: an unchanged row costs no new row version.
      await db.execute(
        sql`update campaigns set consecutive_errors = 0 where id = ${campaignId} and consecutive_errors <> 0`,
      );
    }
    if (claimed.filter((r) => r.campaign_id === campaignId).length < rules.batchSize) {
      if (await finishIfDone(db, campaignId)) finished.push(campaignId);
    }
  }
  return finished;
}

async function countFailures(db: Db, campaignId: string, failures: number, autoPauseAfter: number): Promise<void> {
  const [row] = await db
    .update(campaigns)
    .set({ consecutiveErrors: sql`${campaigns.consecutiveErrors} + ${failures}` })
    .where(eq(campaigns.id, campaignId))
    .returning({ errors: campaigns.consecutiveErrors });
  if ((row?.errors ?? 0) < autoPauseAfter) return;
  await pauseSending(db, campaignId, `Paused after ${row?.errors} consecutive errors`);
}

/** A sending campaign pauses itself (once, however many senders see why at the same time). */
export async function pauseSending(db: Db, campaignId: string, why: string): Promise<void> {
  const paused = await db
    .update(campaigns)
    .set({ status: "paused" })
    .where(sql`${campaigns.id} = ${campaignId} and ${campaigns.status} = 'sending'`)
    .returning({ id: campaigns.id });
  if (paused.length > 0) await logCampaign(db, campaignId, "paused", why);
}

/**
 * A sending campaign whose audience is queued to the end, with nothing of it queued or claimed,
 * becomes sent. Answers whether it did.
 */
async function finishIfDone(db: Db, campaignId: string): Promise<boolean> {
  const finished = await queryRows<{ id: string }>(
    db,
    sql`update campaigns set status = 'sent', sent_at = now() where id = ${campaignId} and status = 'sending'
      and audience_queued and ${queueEmpty(campaignId)} returning id`,
  );
  if (finished.length === 0) return false;
  const { sent, failed } = await tally(db, campaignId);
  await logCampaign(db, campaignId, "finished", `${sent} sent, ${failed} failed`);
  return true;
}

/**
 * Finishes every sending campaign with nothing left: one whose last recipients were skipped or
 * cancelled never reaches settleBatch. Answers the campaigns that became sent.
 */
export async function finishDone(db: Db): Promise<string[]> {
  const sending = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.status, "sending"));
  const finished: string[] = [];
  for (const { id } of sending) if (await finishIfDone(db, id)) finished.push(id);
  return finished;
}

/**
 * Recipients refused for good during the send: each counts as a bounce on its campaign, and what it
 * does to the subscriber and the address is delivery-events.ts's (a refusal during the conversation
 * is a hard bounce like one reported later).
 */
export async function hardBouncedWhileSending(db: Db, refused: RefusedRecipient[]): Promise<void> {
  if (refused.length === 0) return;
  await db
    .insert(campaignEvents)
    .values(refused.map((row) => ({ campaignId: row.campaign_id, recipientId: row.id, type: "bounce" })));
  await recordDeliveryEvents(
    db,
    refused.map((row) => ({
      email: row.email,
      kind: "hard" as const,
      campaignId: row.campaign_id,
      reason: row.error,
      source: "smtp" as const,
    })),
  );
}
