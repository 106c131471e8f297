import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOutbox, type OutboxMessage } from "../db/schema/index.ts";
import { loggableError } from "../lib/errors.ts";
import { pgArray, queryRows } from "../lib/sql.ts";
import { expiredError } from "./outbox.ts";
import { pruneEveryMs, pruneOutbox } from "./outbox-retention.ts";
import { classify } from "./smtp-errors.ts";
import type { Mailer } from "./transport.ts";

/**
 * Sends the outbox's rows (mail/outbox.ts says how mail gets there): claims due rows under a lease,
 * marks them sent, retries them with backoff or fails them, and prunes what is no longer kept.
 *
 * Each claim has an id (claim_id) that names it: while its batch is being sent, the lease of its rows
 * is renewed every third of the lease, so a slow relay never hands them to another dispatcher; and an
 * outcome is written only where the row is still pending under that claim, so a holder whose lease ran
 * out anyway (a stalled process) changes nothing if another has claimed the row since. The attempt
 * count cannot name a claim: a staff retry starts it again.
 */

export type OutboxOptions = {
  /** Rows claimed at once. */
  batchSize: number;
  /** Longer than any one send can take (SMTP time-outs are 10 s + 30 s); renewed while a batch is sent. */
  leaseMs: number;
  /** Poll interval when nothing is due and nobody wakes it. */
  idleMs: number;
  /** Wait before attempt n+1 after n failed attempts; past the end the last value repeats. */
  backoffMs: readonly number[];
  maxAttempts: number;
};

export const defaultOutboxOptions: OutboxOptions = {
  batchSize: 20,
  leaseMs: 120_000,
  idleMs: 3_000,
  backoffMs: [30_000, 120_000, 600_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000],
  maxAttempts: 8,
};

/** The defaults with what the operator configured (MAIL_RETRY_BACKOFF). */
export function configuredOutboxOptions(config: { mailRetryBackoffMs: number[] | undefined }): Partial<OutboxOptions> {
  return config.mailRetryBackoffMs ? { backoffMs: config.mailRetryBackoffMs } : {};
}

export type OutboxDispatcher = {
  /** Starts the background loop (polls every idleMs; `wake` cuts the wait short). */
  start(): void;
  /** Stops the loop after the batch in hand. */
  stop(): Promise<void>;
  /** Sends what is due now; nothing if the loop is not started (the worker process sends then). */
  wake(): void;
  /** Claims and sends batches until nothing is due; the number sent. For tests and the loop. */
  drain(): Promise<number>;
};

/** A Fastify/pino logger fits; the worker passes a JSON-lines one. */
export type OutboxLog = { warn(details: object, message: string): void; error(details: object, message: string): void };

type Claimed = {
  id: string;
  claim_id: string;
  kind: string;
  message: OutboxMessage;
  attempts: number;
  expires_at: Date | string | null;
};

/** The row is still pending under this claim: not ended, and not claimed again since. */
const stillHeld = (row: Claimed) =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimId, row.claim_id), eq(mailOutbox.status, "pending"));

export function createOutboxDispatcher(deps: {
  db: Db;
  mailer: Mailer;
  log: OutboxLog;
  options?: Partial<OutboxOptions>;
}): OutboxDispatcher {
  const { db, mailer, log } = deps;
  const options = { ...defaultOutboxOptions, ...deps.options };
  let running = false;
  let loop: Promise<void> | undefined;
  let resting: AbortController | undefined;
  let woken = false;
  // One drain at a time per process; a second caller waits for it and then drains again.
  let draining: Promise<number> = Promise.resolve(0);
  // When this process last pruned; start() clears it, so a process prunes as it starts.
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function claim(): Promise<Claimed[]> {
    const rows = await queryRows<Claimed & { message: OutboxMessage | string }>(
      db,
      sql`with picked as (
        select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
          and (expires_at is null or expires_at > now())
        order by next_attempt_at limit ${options.batchSize} for update skip locked)
      update mail_outbox m set attempts = m.attempts + 1, claim_id = ${randomUUID()},
        lease_until = now() + ${`${options.leaseMs} milliseconds`}::interval
      from picked where m.id = picked.id
      returning m.id, m.claim_id, m.kind, m.message, m.attempts, m.expires_at`,
    );
    return rows.map((r) => ({
      ...r,
      message: typeof r.message === "string" ? (JSON.parse(r.message) as OutboxMessage) : r.message,
    }));
  }

  async function deliver(row: Claimed): Promise<boolean> {
    const m = row.message;
    try {
      await mailer.send({
        from: m.from,
        to: m.to,
        ...(m.replyTo && { replyTo: m.replyTo }),
        subject: m.subject,
        text: m.text,
        ...(m.html && { html: m.html }),
        ...(m.headers && { headers: m.headers }),
        messageId: m.messageId,
        date: new Date(m.date),
      });
    } catch (error) {
      const { permanent, message } = classify(error);
      const wait = options.backoffMs[Math.min(row.attempts, options.backoffMs.length) - 1] ?? 60_000;
      const expiresBeforeRetry = row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now() + wait;
      if (permanent || row.attempts >= options.maxAttempts || expiresBeforeRetry) {
        const lastError = permanent || !expiresBeforeRetry ? message : `${expiredError} (${message})`;
        await db.update(mailOutbox).set({ status: "failed", leaseUntil: null, lastError }).where(stillHeld(row));
        log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: lastError }, "mail failed for good");
      } else {
        await db.execute(sql`update mail_outbox set lease_until = null, last_error = ${message},
          next_attempt_at = now() + ${`${wait} milliseconds`}::interval where ${stillHeld(row)}`);
        log.warn(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: wait, err: message },
          "mail will be retried",
        );
      }
      return false;
    }
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null })
      .where(stillHeld(row));
    return true;
  }

  /**
   * The batch's rows still being sent keep their lease for another leaseMs (a claim's rows share its
   * claim id). A row whose outcome is written is no longer pending, or waits for its retry without a
   * lease; one claimed again since has another claim id: those are left alone.
   */
  async function renewLease(batch: Claimed[]): Promise<void> {
    const claimId = batch[0]?.claim_id;
    if (!claimId) return;
    await db.execute(sql`update mail_outbox set lease_until = now() + ${`${options.leaseMs} milliseconds`}::interval
      where id = any(${pgArray(batch.map((r) => r.id))}::uuid[]) and claim_id = ${claimId}
        and status = 'pending' and lease_until is not null`);
  }

  /**
   * Sends a claimed batch and renews its lease until every send in it has ended: when one outcome
   * cannot be written, the other rows are still being sent and keep their lease; the error is thrown
   * after them.
   */
  async function deliverBatch(batch: Claimed[]): Promise<number> {
    const renewal = setInterval(() => {
      renewLease(batch).catch((error) =>
        log.warn({ err: loggableError(error) }, "mail outbox: could not renew the lease of the mail being sent"),
      );
    }, options.leaseMs / 3);
    const results = await Promise.allSettled(batch.map(deliver)).finally(() => clearInterval(renewal));
    const failure = results.find((r) => r.status === "rejected");
    if (failure) throw failure.reason;
    return results.filter((r) => r.status === "fulfilled" && r.value).length;
  }

  /** What expired while it waited (the relay down, the process stopped) fails, for staff to see why. */
  async function failExpired(): Promise<void> {
    await db.execute(sql`update mail_outbox set status = 'failed', last_error = ${expiredError}
      where status = 'pending' and expires_at <= now() and (lease_until is null or lease_until < now())`);
  }

  async function drainOnce(): Promise<number> {
    await failExpired();
    let sent = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return sent;
      sent += await deliverBatch(batch);
    }
  }

  function drain(): Promise<number> {
    draining = draining.catch(() => 0).then(drainOnce);
    return draining;
  }

  /** Before the batch rather than after: a stop() right after start() still finds it done. */
  async function pruneWhenDue(): Promise<void> {
    if (Date.now() - prunedAt < pruneEveryMs) return;
    prunedAt = Date.now();
    try {
      await pruneOutbox(db);
    } catch (error) {
      log.error({ err: loggableError(error) }, "mail outbox: could not prune");
    }
  }

  async function run(): Promise<void> {
    while (running) {
      await pruneWhenDue();
      woken = false;
      try {
        await drain();
      } catch (error) {
        log.error({ err: loggableError(error) }, "mail outbox: could not send");
      }
      if (!running || woken) continue;
      resting = new AbortController();
      await sleep(options.idleMs, undefined, { signal: resting.signal }).catch(() => {});
      resting = undefined;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      prunedAt = Number.NEGATIVE_INFINITY;
      loop = run();
    },
    async stop() {
      running = false;
      resting?.abort();
      await loop;
      await draining.catch(() => 0);
    },
    wake() {
      if (!running) return;
      woken = true;
      resting?.abort();
    },
    drain,
  };
}
