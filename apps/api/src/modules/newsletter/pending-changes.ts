import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pendingSubscriberChanges } from "../../db/schema/index.ts";
import { isLockUnavailable } from "../../lib/errors.ts";
import { queryRows } from "../../lib/sql.ts";
import { sharesOneSession } from "./import/connection.ts";
import { confirmSubscription, subscribe, type ToConfirm, unsubscribeOrSuppress } from "./subscribe-service.ts";

/**
 * Public sign-ups, confirmations and unsubscribes while a bulk import holds the audience locked
 * (import/bulk.ts, for seconds on PostgreSQL). Each waits for the audience no longer than
 * `audienceWaitMs`; then it is written to pending_subscriber_changes, which no import locks, and
 * answered as if done. The changes are applied in the order they came once the import is over, and
 * at start-up and every minute for any an import's process did not live to apply (decision 007).
 */

const audienceWaitMs = 200;

export type PendingChange = typeof pendingSubscriberChanges.$inferInsert;

/** Runs `apply`, or queues `change` and resolves to "queued" if the audience stays locked for longer. */
export async function applyOrQueue<T>(
  db: Db,
  change: PendingChange,
  apply: (db: Db) => Promise<T>,
): Promise<T | "queued"> {
  // PGlite never loads in bulk (import/service.ts), so nothing there holds the audience for long. A
  // transaction all the same: the change and its email are saved together, and a per-address limit
  // on confirmations (audience-notices.ts) counts what the sign-up before committed.
  if (sharesOneSession(db)) return db.transaction((tx) => apply(tx));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${audienceWaitMs}ms'`));
      return apply(tx);
    });
  } catch (error) {
    if (!isLockUnavailable(error)) throw error;
    await db.insert(pendingSubscriberChanges).values(change);
    return "queued";
  }
}

type Queued = {
  kind: PendingChange["kind"];
  email: string | null;
  subscriberId: string | null;
  doubleOptIn: boolean;
  linkLeftMs: number | null;
  campaignId: string | null;
  ipAddress: string | null;
  requestedAt: Date;
};

/** What applying a queued change did, for the caller to record as the request would have. */
export type AppliedChange =
  | { kind: "subscribe" | "confirm" }
  | {
      kind: "unsubscribe";
      subscriberId: string;
      campaignId: string | null;
      ipAddress: string | null;
      result: { email: string; changed: boolean } | null;
    };

/** Writes a sign-up's confirmation email in the transaction that applies it (audience-notices.ts). */
export type MailConfirmation = (tx: Db, to: ToConfirm & { email: string }) => Promise<void>;

async function applyQueued(tx: Db, change: Queued, mailConfirmation: MailConfirmation): Promise<AppliedChange> {
  const { requestedAt } = change;
  if (change.kind === "subscribe") {
    const email = change.email ?? "";
    const toConfirm = await subscribe(tx, email, change.ipAddress ?? "", change.doubleOptIn, requestedAt);
    if (toConfirm) await mailConfirmation(tx, { ...toConfirm, email });
    return { kind: "subscribe" };
  }
  const subscriberId = change.subscriberId ?? "";
  if (change.kind === "confirm") {
    await confirmSubscription(tx, { subscriberId, leftMs: change.linkLeftMs ?? 0 }, change.ipAddress ?? "");
    return { kind: "confirm" };
  }
  const result = await unsubscribeOrSuppress(
    tx,
    { subscriberId, campaignId: change.campaignId, email: change.email },
    requestedAt,
  );
  return { kind: "unsubscribe", subscriberId, campaignId: change.campaignId, ipAddress: change.ipAddress, result };
}

/**
 * Applies queued changes oldest first, each in its own transaction with its removal from the queue,
 * so several processes can drain at once and a crash applies nothing twice. A sign-up's confirmation
 * email is written in that transaction too, so a crash cannot keep the one without the other;
 * `applied` hears of each change once it is committed. Stops, leaving the rest queued, if the
 * audience is locked again.
 */
export async function applyPendingChanges(
  db: Db,
  mailConfirmation: MailConfirmation,
  applied: (change: AppliedChange) => Promise<void>,
): Promise<void> {
  try {
    for (;;) {
      const done = await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${audienceWaitMs}ms'`));
        const [change] = await queryRows<Queued>(
          tx,
          sql`delete from pending_subscriber_changes where id = (
              select id from pending_subscriber_changes order by requested_at, id limit 1 for update skip locked)
            returning kind, email, subscriber_id as "subscriberId", double_opt_in as "doubleOptIn", link_left_ms::float8 as "linkLeftMs",
              campaign_id as "campaignId", ip_address as "ipAddress", requested_at as "requestedAt"`,
        );
        return change
          ? applyQueued(tx, { ...change, requestedAt: new Date(change.requestedAt) }, mailConfirmation)
          : undefined;
      });
      if (!done) return;
      await applied(done);
    }
  } catch (error) {
    if (!isLockUnavailable(error)) throw error;
  }
}

/** GDPR erasure: the person's changes still queued behind an import are dropped, never applied. */
export async function forgetPendingChanges(db: Pick<Db, "execute">, subscriberId: string, email: string) {
  await db.execute(sql`delete from pending_subscriber_changes
    where subscriber_id = ${subscriberId} or lower(email) = ${email.trim().toLowerCase()}`);
}
