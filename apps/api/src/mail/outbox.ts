import { eq, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../db/client.ts";
import { mailOutbox, type OutboxKind, type OutboxMessage } from "../db/schema/index.ts";
import { pgArray, queryRows } from "../lib/sql.ts";

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
 * This file writes and reads the rows (step 1, 4); outbox-dispatcher.ts sends them (steps 2, 3).
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
