import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { queryRows } from "../lib/sql.ts";

/**
 * How long the account-mail outbox keeps a message (decision 009). A row holds the whole message,
 * and a password reset's or a double opt-in's holds a working link, so nothing stays longer than
 * someone has a use for it:
 *
 * - sent, 30 days after sent_at: long enough for staff to answer "did my mail go?" a few weeks on;
 *   a reset link stopped working long before (one hour).
 * - failed for good, 90 days after created_at: staff see what failed and can look into it.
 * - pending, or under a lease: never; the dispatcher still owes that mail.
 * - a row of a contact (contact_id set) or that a contact's reply points at: not while the contact
 *   exists; it is part of that contact's record. Deleting the contact sets contact_id null and takes
 *   the contact_messages with it, and from then the row goes by the clocks above.
 *
 * Why pruning changes nothing the readers of mail_outbox see:
 * - contacts/thread-service.ts joins contact_messages.mail_id for a reply's delivery status, and
 *   contacts/reply-mail.ts reads the enquiry confirmation's Message-ID for threading: both read rows
 *   of an existing contact, which are never pruned (and no row a message points at is taken).
 * - contacts/enquiry-mail.ts allows one confirmation per address per hour by counting rows created
 *   in the last hour: a pruned row was sent 30 days ago (sent_at ≥ created_at) or written 90 days
 *   ago, far outside that window.
 * - the dedupe keys (enquiry-alert:<contactId>:…, enquiry-confirmation:<contactId>) are written only
 *   in the transaction that creates the contact, under its new id: once its rows may go, nothing can
 *   enqueue that key again, so freeing it cannot let a second copy through.
 * - the dispatcher claims only pending rows, and a row being sent is pending with a lease.
 */
const retention = {
  sentDays: 30,
  failedDays: 90,
  /** Rows a statement deletes at most: a backlog never holds one long statement (PGlite runs on the app's thread). */
  chunk: 5_000,
};

/** How often a running dispatcher prunes (and once when it starts). */
export const pruneEveryMs = 3_600_000;

/**
 * Deletes what the outbox no longer keeps, a chunk per statement until a chunk comes back short;
 * returns how many rows went. Any number of processes may run it at once: a row another one has
 * locked is skipped (it is deleting it), and a DELETE … WHERE is idempotent.
 */
export async function pruneOutbox(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const sentBefore = sql`now() - make_interval(days => ${retention.sentDays})`;
    const [row] = await queryRows<{ n: number }>(
      db,
      // next_attempt_at < the cutoff is implied for a sent row (it was due before it was sent, give
      // or take clock skew, which only delays pruning) and lets mail_outbox_due_idx find them. NOT IN
      // hashes contact_messages once; a NOT EXISTS on its unindexed mail_id scanned it once per row
      // (EXPLAIN ANALYZE on PostgreSQL, 200,000 rows: NOT EXISTS 282 ms for 300 rows against 5,000
      // messages; NOT IN 27 ms for a chunk of 5,000 against 20,000 messages).
      sql`with doomed as (
          select m.id from mail_outbox m
          where m.contact_id is null and m.lease_until is null
            and ((m.status = 'sent' and m.sent_at < ${sentBefore} and m.next_attempt_at < ${sentBefore})
              or (m.status = 'failed' and m.created_at < now() - make_interval(days => ${retention.failedDays})))
            and m.id not in (select c.mail_id from contact_messages c where c.mail_id is not null)
          limit ${retention.chunk} for update of m skip locked),
        gone as (delete from mail_outbox m using doomed where m.id = doomed.id returning 1)
        select count(*)::int as n from gone`,
    );
    const deleted = Number(row?.n ?? 0);
    total += deleted;
    if (deleted < retention.chunk) return total;
  }
}
