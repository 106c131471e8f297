import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { campaigns, type MailAddress } from "../db/schema/index.ts";
import { pgArray, queryRows } from "../lib/sql.ts";
import { type CampaignForSending, campaignMessage, type LinkContext } from "../mail/campaign-message.ts";
import { compileCampaign } from "../mail/render.ts";
import { withSender } from "../mail/sender.ts";
import type { Mailer } from "../mail/transport.ts";
import { logCampaign, startDueCampaigns } from "../modules/campaigns/service.ts";
import { storeCampaignLinks } from "../modules/campaigns/tracking.ts";
import { suppressedAddress } from "../modules/newsletter/suppressions.ts";
import { getSettings } from "../modules/settings/service.ts";
import { classify, type Outcome, recordOutcomes } from "./delivery-outcomes.ts";

export type SenderOptions = {
  batchSize: number;
  /** Outcomes are written down after this many messages (what a crash could repeat at most). */
  recordEvery: number;
  concurrency: number;
  /** Messages per second across this process; 0 for no limit. */
  ratePerSecond: number;
  maxAttempts: number;
  leaseMs: number;
  idleMs: number;
  schedulerMs: number;
  /** Consecutive failures after which a campaign pauses itself. */
  autoPauseAfter: number;
};

export const defaultSenderOptions: SenderOptions = {
  batchSize: 100,
  recordEvery: 20,
  concurrency: 10,
  ratePerSecond: 0,
  maxAttempts: 5,
  leaseMs: 120_000,
  idleMs: 1_000,
  schedulerMs: 5_000,
  autoPauseAfter: 25,
};

/** The defaults with what the operator configured (SEND_RATE, SEND_CONCURRENCY, SENDER_LEASE_MS, SCHEDULER_MS). */
export function configuredSenderOptions(configured: {
  ratePerSecond: number;
  concurrency: number;
  leaseMs: number;
  schedulerMs: number;
}): SenderOptions {
  const { ratePerSecond, concurrency, leaseMs, schedulerMs } = configured;
  return { ...defaultSenderOptions, ratePerSecond, concurrency, leaseMs, schedulerMs };
}

type Claimed = {
  id: string;
  campaign_id: string;
  subscriber_id: string;
  email: string;
  attempts: number;
  subscriber_status: string | null;
  suppressed: boolean;
};
export type CampaignSender = {
  start(): void;
  stop(): Promise<void>;
  runOnce(concurrency?: number): Promise<number>;
  /** Cuts the idle wait short, e.g. right after a campaign starts. */
  wake(): void;
};

/**
 * Sends campaign mail. Any number of these may run against one database: each claims a batch of
 * queued recipients with FOR UPDATE SKIP LOCKED under a lease, so nobody is sent twice while its
 * lease holds; a process killed mid-batch leaves its claims to expire and be picked up again.
 */
export function createCampaignSender(
  db: Db,
  mailer: Mailer,
  context: Omit<LinkContext, "settings"> & { mailFrom?: MailAddress | undefined },
  options: SenderOptions,
): CampaignSender {
  // Promises, so the two lanes starting on one campaign at once compile it (juice, html-to-text) once.
  const compiled = new Map<string, Promise<CampaignForSending | undefined>>();
  let running = false;
  let loop: Promise<void> | undefined;
  const idle = new Set<AbortController>();
  const rest = async () => {
    const controller = new AbortController();
    idle.add(controller);
    await sleep(options.idleMs, undefined, { signal: controller.signal }).catch(() => {});
    idle.delete(controller);
  };
  let nextTokenAt = 0;

  function prepare(campaignId: string): Promise<CampaignForSending | undefined> {
    let ready = compiled.get(campaignId);
    if (!ready) {
      ready = build(campaignId);
      compiled.set(campaignId, ready);
      // A failed or empty build (database briefly away) is not remembered: the next message tries again.
      const forget = () => compiled.delete(campaignId);
      ready.then((built) => built ?? forget(), forget);
    }
    return ready;
  }

  async function build(campaignId: string): Promise<CampaignForSending | undefined> {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!row) return undefined;
    const settings = await getSettings(db);
    const built = compileCampaign({ html: row.html, preheader: row.preheader, storeName: settings.storeName });
    return {
      id: campaignId,
      subject: row.subject,
      compiled: built,
      linkIds: await storeCampaignLinks(db, campaignId, built.links),
    };
  }

  let lastRelease = Number.NEGATIVE_INFINITY;
  let lastClaimEmpty = true;
  async function claim(): Promise<Claimed[]> {
    // Claims whose lease ran out (their process died) go back in the queue first. That scans every
    // 'sending' row, so while this sender has work it runs a few times per lease rather than before
    // every batch: an expired claim still comes back well within one more lease.
    if (lastClaimEmpty || Date.now() - lastRelease >= Math.min(options.leaseMs / 4, 5_000)) {
      lastRelease = Date.now();
      await db.execute(sql`update campaign_recipients set status = 'queued', lease_until = null
        where status = 'sending' and lease_until < now()`);
    }
    // Each sending campaign's queue is read in its index's order (campaign, status, next attempt), so
    // the claim stops at the batch: ordering by id sorted every queued row on every claim, which was
    // half of each claim's time on PGlite, where statements run on the main thread.
    const claimed = await queryRows<Claimed>(
      db,
      sql`with picked as (
        select q.id from campaigns c cross join lateral (
          select r.id from campaign_recipients r
          where r.campaign_id = c.id and r.status = 'queued' and r.next_attempt_at <= now()
          order by r.next_attempt_at limit ${options.batchSize} for update skip locked) q
        where c.status = 'sending' limit ${options.batchSize})
      update campaign_recipients r set status = 'sending', attempts = r.attempts + 1,
        lease_until = now() + ${`${options.leaseMs} milliseconds`}::interval
      from picked where r.id = picked.id
      returning r.id, r.campaign_id, r.subscriber_id, r.email, r.attempts,
        (select s.status from subscribers s where s.id = r.subscriber_id) as subscriber_status,
        ${suppressedAddress(sql`r.email`)} as suppressed`,
    );
    lastClaimEmpty = claimed.length === 0;
    return claimed;
  }

  async function throttle(): Promise<void> {
    if (options.ratePerSecond <= 0) return;
    const now = Date.now();
    const wait = nextTokenAt - now;
    nextTokenAt = Math.max(now, nextTokenAt) + 1000 / options.ratePerSecond;
    if (wait > 0) await sleep(wait);
  }

  /**
   * Sends a claimed batch and records outcomes every `recordEvery` messages, so a crash can only
   * repeat the few messages whose delivery was not yet written down.
   */
  async function deliver(batch: Claimed[], concurrency: number): Promise<Outcome[]> {
    const settings = withSender(await getSettings(db), context.mailFrom);
    const outcomes: Outcome[] = [];
    let unrecorded: Outcome[] = [];
    let recording: Promise<void> = Promise.resolve();
    const push = (outcome: Outcome) => {
      outcomes.push(outcome);
      unrecorded.push(outcome);
      if (unrecorded.length >= options.recordEvery) {
        const chunk = unrecorded;
        unrecorded = [];
        recording = recording.then(() => recordOutcomes(db, chunk));
      }
    };
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const recipient = batch[next++];
        if (!recipient) return;
        const campaign = await prepare(recipient.campaign_id);
        if (!campaign) continue;
        await throttle();
        try {
          const message = campaignMessage(
            campaign,
            { id: recipient.id, subscriberId: recipient.subscriber_id, email: recipient.email },
            { ...context, settings },
          );
          const sent = await mailer.send(message);
          push({ id: recipient.id, kind: "sent", messageId: sent.messageId });
        } catch (error) {
          const { permanent, bounce, message } = classify(error);
          if (!permanent && recipient.attempts < options.maxAttempts) {
            push({ id: recipient.id, kind: "retry", error: message, attempts: recipient.attempts });
          } else {
            push({
              id: recipient.id,
              kind: bounce ? "bounced" : "failed",
              error: message,
              subscriberId: recipient.subscriber_id,
            });
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
    await recording;
    await recordOutcomes(db, unrecorded);
    return outcomes;
  }

  /** Someone who left, bounced or was suppressed after the campaign started is skipped, not mailed. */
  async function skipUnsubscribed(batch: Claimed[]): Promise<Claimed[]> {
    const gone = batch.filter((r) => r.subscriber_status !== "subscribed" && !r.suppressed);
    const suppressed = batch.filter((r) => r.suppressed);
    for (const [rows, why] of [
      [gone, "Not subscribed at send time"],
      [suppressed, "Suppressed at send time"],
    ] as const) {
      if (rows.length === 0) continue;
      await db.execute(sql`update campaign_recipients set status = 'skipped', lease_until = null, last_error = ${why}
        where id = any(${pgArray(rows.map((r) => r.id))}::uuid[])`);
    }
    return batch.filter((r) => r.subscriber_status === "subscribed" && !r.suppressed);
  }

  /**
   * Per campaign in the batch: counts consecutive failures (pausing at the limit) and finishes the
   * campaign once nothing of it is left. A campaign that filled the whole batch still has recipients
   * queued, so its finish check waits for a later batch (or the empty claim that ends every send).
   */
  async function settle(outcomes: Outcome[], batch: Claimed[], claimed: Claimed[]): Promise<void> {
    for (const campaignId of new Set(claimed.map((r) => r.campaign_id))) {
      const mine = new Set(batch.filter((r) => r.campaign_id === campaignId).map((r) => r.id));
      const results = outcomes.filter((o) => mine.has(o.id));
      const failures = results.filter((o) => o.kind !== "sent").length;
      if (results.length > 0 && failures === results.length) {
        const [row] = await db
          .update(campaigns)
          .set({ consecutiveErrors: sql`${campaigns.consecutiveErrors} + ${failures}` })
          .where(eq(campaigns.id, campaignId))
          .returning({ errors: campaigns.consecutiveErrors });
        if ((row?.errors ?? 0) >= options.autoPauseAfter) {
          const paused = await db
            .update(campaigns)
            .set({ status: "paused" })
            .where(sql`${campaigns.id} = ${campaignId} and ${campaigns.status} = 'sending'`)
            .returning({ id: campaigns.id });
          if (paused.length > 0)
            await logCampaign(db, campaignId, "paused", `Paused after ${row?.errors} consecutive errors`);
        }
      } else if (results.length > 0) {
        // Written only when there is a streak to break: an unchanged row costs no new row version.
        await db.execute(
          sql`update campaigns set consecutive_errors = 0 where id = ${campaignId} and consecutive_errors <> 0`,
        );
      }
      if (claimed.filter((r) => r.campaign_id === campaignId).length < options.batchSize)
        await finishIfDone(campaignId);
    }
  }

  async function finishIfDone(campaignId: string): Promise<void> {
    const finished = await queryRows<{ id: string }>(
      db,
      sql`update campaigns set status = 'sent', sent_at = now() where id = ${campaignId} and status = 'sending'
        and not exists (select 1 from campaign_recipients where campaign_id = ${campaignId} and status in ('queued', 'sending'))
        returning id`,
    );
    if (finished.length > 0) {
      compiled.delete(campaignId);
      const [counts] = await queryRows<{ sent: number; failed: number }>(
        db,
        sql`select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status in ('failed', 'bounced'))::int as failed
          from campaign_recipients where campaign_id = ${campaignId}`,
      );
      await logCampaign(db, campaignId, "finished", `${counts?.sent ?? 0} sent, ${counts?.failed ?? 0} failed`);
    }
  }

  /** One claim-send-record round. Returns how many recipients it handled. */
  async function runOnce(concurrency = options.concurrency): Promise<number> {
    const claimed = await claim();
    if (claimed.length === 0) {
      // A campaign whose last recipients were skipped or cancelled still needs finishing.
      const sending = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.status, "sending"));
      for (const { id } of sending) await finishIfDone(id);
      return 0;
    }
    const deliverable = await skipUnsubscribed(claimed);
    const outcomes = await deliver(deliverable, concurrency);
    await settle(outcomes, deliverable, claimed);
    return claimed.length;
  }

  let lastSchedule = 0;
  async function schedule(): Promise<void> {
    if (Date.now() - lastSchedule < options.schedulerMs) return;
    lastSchedule = Date.now();
    const started = await startDueCampaigns(db);
    if (started.length > 0) compiled.clear();
  }

  /**
   * Two lanes, each handing the one connection pool twice its connections' worth of messages: while
   * one lane claims or records, the other's queued messages keep every SMTP connection busy, so none
   * idles at a batch boundary (the pool, not the lanes, bounds how many messages are on the wire).
   * Twice, because on PGlite those statements hold the main thread, which also hands over each next
   * message: with one message per connection waiting, the pool runs dry while a claim holds it.
   */
  async function lane(concurrency: number, schedules: boolean): Promise<void> {
    while (running) {
      try {
        if (schedules) await schedule();
        const handled = await runOnce(concurrency);
        if (handled === 0) await rest();
      } catch {
        // The database may be briefly away; try again shortly rather than die.
        await rest();
      }
    }
  }

  async function run(): Promise<void> {
    const ahead = options.concurrency * 2;
    await Promise.all([lane(ahead, true), lane(ahead, false)]);
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      await loop;
    },
    runOnce,
    wake() {
      for (const controller of idle) controller.abort();
    },
  };
}
