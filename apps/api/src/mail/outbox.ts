import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../db/client.ts";
import { mailOutbox, type OutboxKind, type OutboxMessage } from "../db/schema/index.ts";
import { loggableError } from "../lib/errors.ts";
import { pgArray, queryRows } from "../lib/sql.ts";
import { pruneEveryMs, pruneOutbox } from "./outbox-retention.ts";
import { classify } from "./smtp-errors.ts";
import type { Mailer } from "./transport.ts";

/**
 * The one home of durable account mail (enquiry alerts and confirmations, contact replies; later
 * password resets and double opt-in). Mail is never lost and never sent twice:
 *
 * 1. `enqueueMail(tx, …)` writes a pending row in the caller's transaction, beside what caused it
 *    (the contact, the reply), so the mail exists exactly when that does. A dedupe key makes a
 *    second enqueue of the same message a no-op.
 * 2. The dispatcher claims due rows with FOR UPDATE SKIP LOCKED and a lease (lease_until), so any
 *    number of processes never send one row at once; it marks a row sent, or schedules a retry with
 *    backoff, and after the last attempt (or a 5xx that refuses the recipient, smtp-errors.ts classify;
 *    or once the row has expired) marks it failed and logs it. A refusal of our sender, credentials or
 *    quota is the relay's and is retried. A process that dies mid-send leaves its lease to expire, and the
 *    row is claimed again; the resend carries the row's fixed Message-ID, so it is recognisably the same
 *    message.
 * 3. The dispatcher also prunes what the outbox no longer keeps (outbox-retention.ts: sent mail after
 *    30 days, failed after 90, a contact's mail not while the contact exists), when it starts and
 *    then hourly.
 * 4. Staff may send a failed row again from the back office (`retryFailedMail`, modules/mail-delivery):
 *    it becomes pending with fresh attempts, and step 2 takes it from there.
 *
 * After committing, call `app.outbox.wake()` so the mail goes at once; otherwise the poll finds it.
 */

export type EnqueueMail = {
  kind: OutboxKind;
  /** One address or several (one message to all); the first is the row's recipient for limits. */
  to: string | string[];
  message: {
    from: OutboxMessage["from"];
    replyTo?: string;
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
  };
  contactId?: string | null;
  /** Unique across the outbox: e.g. `enquiry-alert:<contactId>:<address>`. */
  dedupeKey?: string;
  /** Not sent after this: the row fails as expired instead (a reset link dies after its hour). */
  expiresAt?: Date;
};

/** The last error of a message given up because it expired before the relay took it. */
export const expiredError = "Expired before the mail server took it: what it carried no longer works.";

type Executor = Pick<Db, "execute" | "insert" | "select">;

/**
 * Records a message to send (status pending, due now) in the caller's database or transaction.
 * Returns the row's id and whether this call created it (false: the dedupe key already existed,
 * and the id is that row's).
 */
export async function enqueueMail(db: Executor, input: EnqueueMail): Promise<{ id: string; created: boolean }> {
  const to = (Array.isArray(input.to) ? input.to : [input.to]).map((a) => a.trim());
  const first = to[0];
  if (!first) throw new Error("enqueueMail: no recipient");
  const id = uuidv7();
  const domain = input.message.from.address.split("@")[1] || "localhost";
  const message: OutboxMessage = {
    ...input.message,
    to,
    messageId: `<${id}@${domain}>`,
    date: new Date().toISOString(),
  };
  const inserted = await db
    .insert(mailOutbox)
    .values({
      id,
      kind: input.kind,
      recipient: first.toLowerCase(),
      message,
      contactId: input.contactId ?? null,
      dedupeKey: input.dedupeKey ?? null,
      expiresAt: input.expiresAt ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, input.dedupeKey ?? ""));
  if (!existing) throw new Error("enqueueMail: conflict without a row");
  return { id: existing.id, created: false };
}

/**
 * Whether `address` may get another message of `kind` now: fewer than `limit` were queued for it within
 * `window` (a PostgreSQL interval). Takes a transaction-long lock on the address and kind, so parallel
 * requests for one address queue here and each counts what the one before it committed. Call it in the
 * transaction that enqueues the message.
 */
export async function mailAllowedTo(
  tx: Pick<Db, "execute">,
  { address, kind, window, limit }: { address: string; kind: OutboxKind; window: string; limit: number },
): Promise<boolean> {
  const recipient = address.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:${recipient}`}, 0))`);
  const [queued] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from mail_outbox where recipient = ${recipient} and kind = ${kind}
      and created_at > now() - ${window}::interval`,
  );
  return (queued?.n ?? 0) < limit;
}

/**
 * GDPR erasure: the person's mail of these kinds leaves the outbox, sent or still waiting, so nothing
 * more is sent to them and no copy (their address, the signed links in the body) stays. A message a
 * dispatcher is sending at this very moment still goes; its outcome then finds no row to mark. Runs
 * in the erasure's transaction. Other kinds are left: an enquiry's mail belongs to the enquiry.
 */
export async function forgetMailTo(
  db: Pick<Db, "execute">,
  address: string,
  kinds: readonly OutboxKind[],
): Promise<void> {
  await db.execute(sql`delete from mail_outbox
    where recipient = ${address.trim().toLowerCase()} and kind = any(${pgArray(kinds)}::text[])`);
}

/**
 * Staff send a failed message again: back to pending, due now, with a fresh set of attempts, for the
 * dispatcher's next pass. Only a failed row moves, and a failed row has no lease and no dispatcher
 * holding it, so the claim rules stay whole; being one conditional update, two retries at once or a
 * retry of mail already pending or sent, or past its expiry, move nothing (null). The last error stays
 * until the next attempt's outcome replaces it, so staff still see why it was retried.
 */
export async function retryFailedMail(
  db: Pick<Db, "execute">,
  id: string,
): Promise<{ kind: OutboxKind; recipient: string } | null> {
  const [row] = await queryRows<{ kind: OutboxKind; recipient: string }>(
    db,
    sql`update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), lease_until = null
      where id = ${id} and status = 'failed' and (expires_at is null or expires_at > now()) returning kind, recipient`,
  );
  return row ?? null;
}

export type OutboxOptions = {
  /** Rows claimed at once. */
  batchSize: number;
  /** Longer than any one send can take (SMTP time-outs are 10 s + 30 s). */
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

type Claimed = { id: string; kind: string; message: OutboxMessage; attempts: number; expires_at: Date | string | null };

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
      update mail_outbox m set attempts = m.attempts + 1,
        lease_until = now() + ${`${options.leaseMs} milliseconds`}::interval
      from picked where m.id = picked.id
      returning m.id, m.kind, m.message, m.attempts, m.expires_at`,
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
        await db
          .update(mailOutbox)
          .set({ status: "failed", leaseUntil: null, lastError })
          .where(eq(mailOutbox.id, row.id));
        log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: lastError }, "mail failed for good");
      } else {
        await db.execute(sql`update mail_outbox set lease_until = null, last_error = ${message},
          next_attempt_at = now() + ${`${wait} milliseconds`}::interval where id = ${row.id}`);
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
      .where(eq(mailOutbox.id, row.id));
    return true;
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
      const results = await Promise.all(batch.map(deliver));
      sent += results.filter(Boolean).length;
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
