import { setTimeout as sleep } from "node:timers/promises";
import type { Database, Db } from "../db/client.ts";
import type { Mailer } from "../mail/transport.ts";
import {
  createCompiledCampaigns,
  type DeliveryContext,
  deliverBatch,
  OutcomesNotWritten,
  writeOutcomes,
} from "../modules/campaigns/delivery.ts";
import { finishDone, queuePendingAudiences, settleBatch, startDueCampaigns } from "../modules/campaigns/lifecycle.ts";
import type { Outcome } from "../modules/campaigns/recipient-outcomes.ts";
import { claimRecipients, releaseExpiredClaims, skipUndeliverable } from "../modules/campaigns/recipient-queue.ts";
import { createFailureLog, type JobLog, stderrLog } from "./failure-log.ts";

export type SenderOptions = {
  batchSize: number;
  /** Messages each of the two lanes keeps handed to the mail pool, per connection (see lane()). */
  handOffPerConnection: number;
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
  handOffPerConnection: 2,
  recordEvery: 20,
  concurrency: 10,
  ratePerSecond: 0,
  maxAttempts: 5,
  leaseMs: 120_000,
  idleMs: 1_000,
  schedulerMs: 5_000,
  autoPauseAfter: 25,
};

/**
 * How deep the lanes reach on each database. On PGlite every statement holds the main thread, which
 * also hands the SMTP threads each next message, so what they hold must outlast the longest of those
 * statements: a part of the audience (1,000 rows) holds it for 20–40 ms, the SMTP threads' 40
 * messages last ~13 ms at 3,000 msg/s, and 160 last ~50 ms. Claims of 200 halve the claims' share.
 * On PostgreSQL statements wait on a socket and twice the connections suffice (decision 006 has the
 * figures). Deeper means more messages a crash could repeat: those sent while a statement held the
 * main thread, before their outcomes were written down.
 */
const perDatabase: Record<Database["kind"], Pick<SenderOptions, "batchSize" | "handOffPerConnection">> = {
  pglite: { batchSize: 200, handOffPerConnection: 8 },
  postgres: { batchSize: 100, handOffPerConnection: 2 },
};

/**
 * How many recipients one claim takes: its batch must be sent well within its lease, or the lease
 * runs out and another sender (or this one's other lane) takes the rows still waiting and mails
 * them too. At a configured rate the two lanes share it, each sending at half the rate, so a claim
 * is at most what half the rate sends in half the lease (30 at SEND_RATE=1 and a 120 s lease).
 * Without a rate, a slow relay is met by renewing the lease while the batch goes out (delivery.ts).
 */
export function claimSize(options: Pick<SenderOptions, "batchSize" | "ratePerSecond" | "leaseMs">): number {
  if (options.ratePerSecond <= 0) return options.batchSize;
  const withinLease = Math.floor((options.ratePerSecond / 2) * (options.leaseMs / 1000 / 2));
  return Math.max(1, Math.min(options.batchSize, withinLease));
}

/** The defaults for the database. */
export function senderOptionsFor(database: Database["kind"]): SenderOptions {
  return { ...defaultSenderOptions, ...perDatabase[database] };
}

/** The defaults for the database, with what the operator configured (SEND_RATE, SEND_CONCURRENCY, SENDER_LEASE_MS, SCHEDULER_MS). */
export function configuredSenderOptions(
  configured: { ratePerSecond: number; concurrency: number; leaseMs: number; schedulerMs: number },
  database: Database["kind"],
): SenderOptions {
  const { ratePerSecond, concurrency, leaseMs, schedulerMs } = configured;
  return { ...senderOptionsFor(database), ratePerSecond, concurrency, leaseMs, schedulerMs };
}

export type CampaignSender = {
  start(): void;
  stop(): Promise<void>;
  runOnce(concurrency?: number): Promise<number>;
  /** Cuts the idle wait short, e.g. right after a campaign starts. */
  wake(): void;
};

/**
 * Sends campaign mail: the loop and its timing. What a round does to recipients and campaigns is
 * the campaigns module's (recipient-queue.ts claims under a lease, lifecycle.ts pauses and finishes),
 * so any number of these may run against one database; a process killed mid-batch leaves its
 * claims to expire and be picked up again. Failures are logged (at most once a minute each) and tried again.
 */
export function createCampaignSender(
  db: Db,
  mailer: Mailer,
  context: DeliveryContext,
  options: SenderOptions,
  log: JobLog = stderrLog,
): CampaignSender {
  const failed = createFailureLog(log);
  const prepared = createCompiledCampaigns(db, context.mailFrom);
  const batchSize = claimSize(options);
  let running = false;
  let loop: Promise<void> | undefined;
  const idle = new Set<AbortController>();
  const rest = async () => {
    if (!running) return; // stopping: stop() has already cut short those resting
    const controller = new AbortController();
    idle.add(controller);
    await sleep(options.idleMs, undefined, { signal: controller.signal }).catch(() => {});
    idle.delete(controller);
  };
  const restless = () => {
    for (const controller of idle) controller.abort();
  };
  // Counts wakes, so a lane whose round began before one never rests on it: its claim may have looked
  // just before the campaign's recipients were committed, while no lane was resting to be woken.
  let wakes = 0;

  // Aborted by stop(): the rate limit's waits end and batches hand over nothing more (delivery.ts).
  let stopping = new AbortController();

  let nextTokenAt = 0;
  async function throttle(): Promise<void> {
    if (options.ratePerSecond <= 0) return;
    const now = Date.now();
    const wait = nextTokenAt - now;
    nextTokenAt = Math.max(now, nextTokenAt) + 1000 / options.ratePerSecond;
    if (wait > 0) await sleep(wait, undefined, { signal: stopping.signal }).catch(() => {});
  }

  let lastRelease = Number.NEGATIVE_INFINITY;
  async function claim() {
    // Releasing expired claims scans every claimed row, so it runs a few times per lease (and at
    // start), not before every claim: an expired claim still comes back well within one more lease,
    // and the first claim after "Send now" does not wait for it.
    if (Date.now() - lastRelease >= Math.min(options.leaseMs / 4, 5_000)) {
      lastRelease = Date.now();
      await releaseExpiredClaims(db);
    }
    return claimRecipients(db, batchSize, options.leaseMs);
  }

  // Whether a started campaign may have people left to queue (lifecycle.ts, queuePendingAudiences).
  // Asked at start (a process that died may have left one half-queued), on every wake (one has just
  // started), on the scheduler's beat, and whenever a claim comes back short (the queue is running
  // dry, or a campaign started in another process); answered only by a look that began after the
  // last ask and found nothing more to queue, so an ask made while a look is under way is not lost.
  let audienceAsked = 1;
  let audienceAnswered = 0;
  async function queueAudiences(): Promise<void> {
    if (audienceAnswered === audienceAsked) return;
    const asked = audienceAsked;
    const { added, pending } = await queuePendingAudiences(db);
    if (!pending) audienceAnswered = asked;
    if (added > 0) {
      wakes += 1; // the other lane may have found the queue dry and be resting
      restless();
    }
  }

  // Outcomes of mail already sent that the database would not take (delivery.ts, OutcomesNotWritten):
  // written before anything more is claimed, so their rows end as sent instead of being mailed again.
  let owed: Outcome[] = [];
  async function payOwed(): Promise<void> {
    if (owed.length === 0) return;
    const paying = owed;
    owed = [];
    await writeOutcomes(db, paying).catch((error: unknown) => {
      owed.push(...paying);
      throw error;
    });
  }

  /** One claim-send-record round. Returns how many recipients it handled. */
  async function round(concurrency: number): Promise<number> {
    await payOwed();
    const claimed = await claim();
    if (claimed.length < batchSize) audienceAsked += 1;
    if (claimed.length === 0) {
      prepared.forget(await finishDone(db));
      return 0;
    }
    const deliverable = await skipUndeliverable(db, claimed);
    const { recordEvery, maxAttempts, leaseMs } = options;
    const outcomes = await deliverBatch(db, mailer, context, prepared, deliverable, {
      concurrency,
      recordEvery,
      maxAttempts,
      throttle,
      leaseMs,
      stop: stopping.signal,
    }).catch((error: unknown) => {
      if (error instanceof OutcomesNotWritten) owed.push(...error.outcomes);
      throw error;
    });
    prepared.forget(await settleBatch(db, { ...options, batchSize }, outcomes, deliverable, claimed));
    return claimed.length;
  }

  /** Queues more of a campaign's audience if any is left, then one round. */
  async function runOnce(concurrency = options.concurrency): Promise<number> {
    await queueAudiences();
    return round(concurrency);
  }

  /**
   * Due campaigns are started on a beat of their own, not between one lane's rounds: at a slow rate
   * a round lasts up to half a lease (a minute by default), and a campaign due meanwhile waited for it.
   */
  let beat: AbortController | undefined;
  async function schedule(): Promise<void> {
    while (running) {
      try {
        audienceAsked += 1;
        const started = await startDueCampaigns(db);
        if (started.length > 0) {
          prepared.clear();
          wakes += 1;
          restless();
        }
      } catch (error) {
        // The database may be briefly away; the next beat tries again.
        failed("Starting due campaigns failed; trying again on the scheduler's next beat", error);
      }
      if (!running) return; // stop() has already cut short the beat it could see
      beat = new AbortController();
      await sleep(options.schedulerMs, undefined, { signal: beat.signal }).catch(() => {});
    }
  }

  /**
   * Two lanes, each handing the one connection pool `handOffPerConnection` messages per connection:
   * while one lane claims or records, the other's queued messages keep every SMTP connection busy, so
   * none idles at a batch boundary (the pool, not the lanes, bounds how many messages are on the wire).
   * More than one per connection, because on PGlite those statements hold the main thread, which also
   * hands over each next message: with one per connection waiting, the pool runs dry while a claim holds it.
   */
  async function lane(concurrency: number, queues: boolean): Promise<void> {
    while (running) {
      const heard = wakes;
      try {
        // One lane queues audiences, so two lanes never both hold the database for it.
        const handled = queues ? await runOnce(concurrency) : await round(concurrency);
        if (handled === 0 && heard === wakes) await rest();
      } catch (error) {
        // The database may be briefly away; try again shortly rather than die.
        failed("Campaign sending failed; trying again shortly", error);
        await rest();
      }
    }
  }

  async function run(): Promise<void> {
    const ahead = options.concurrency * options.handOffPerConnection;
    await Promise.all([schedule(), lane(ahead, true), lane(ahead, false)]);
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = new AbortController();
      loop = run();
    },
    /** Resolves once the batches held have handed back what they had not sent and recorded the rest. */
    async stop() {
      running = false;
      stopping.abort();
      restless();
      beat?.abort();
      await loop;
    },
    runOnce,
    wake() {
      wakes += 1;
      audienceAsked += 1;
      restless();
    },
  };
}
