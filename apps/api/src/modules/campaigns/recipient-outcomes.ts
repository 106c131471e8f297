import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pgArray, queryRows } from "../../lib/sql.ts";
import { backInQueue } from "./recipient-queue.ts";

/**
 * What the holder of a claim writes back (recipient-queue.ts claims): each recipient's outcome,
 * written only while the row is still that claim, so a holder whose lease was lost never overwrites
 * the row another sender has taken since.
 */

/** `attempts` is the row's count as claimed: it names the claim, which only that holder may end. */
export type Outcome =
  | { id: string; attempts: number; kind: "sent"; messageId: string }
  | { id: string; attempts: number; kind: "retry"; error: string }
  | { id: string; attempts: number; kind: "failed" | "bounced"; error: string; subscriberId: string }
  /** Not sent, and not held against the recipient: back in the queue without the attempt (a paused campaign). */
  | { id: string; attempts: number; kind: "held"; error?: string }
  /** Not sent, and never to be: its campaign was cancelled while the batch was out. */
  | { id: string; attempts: number; kind: "skipped"; error: string };

/** A recipient the relay refused for good with a bounce code, as written down. */
export type RefusedRecipient = { campaign_id: string; id: string; email: string; error: string };

/**
 * Outcomes as a table of (id, attempts, text), and the condition that the row is still this claim:
 * the attempts it was claimed with, and not ended or claimed again since. A lease that ran out may
 * have put it back in the queue, where nobody has taken it yet: then the outcome still stands (the
 * message did go, or did fail). Any other row is another holder's, and its outcome is not overwritten.
 */
function stillClaimed(outcomes: Outcome[], text: (o: Outcome) => string): { from: SQL; where: SQL } {
  return {
    from: sql`unnest(${pgArray(outcomes.map((o) => o.id))}::uuid[], ${pgArray(outcomes.map((o) => String(o.attempts)))}::int[],
      ${pgArray(outcomes.map(text))}::text[]) as v(id, attempts, text)`,
    where: sql`r.id = v.id and r.attempts = v.attempts and r.status in ('sending', 'queued')`,
  };
}

/**
 * Status writes for a whole batch in a few statements, not one per recipient, each only where the
 * row is still this claim (stillClaimed). Answers the recipients that bounced, whose consequences
 * are the lifecycle's (lifecycle.ts, hardBouncedWhileSending).
 */
export async function recordOutcomes(db: Db, outcomes: Outcome[]): Promise<RefusedRecipient[]> {
  const sent = outcomes.filter((o) => o.kind === "sent");
  if (sent.length > 0) {
    const { from, where } = stillClaimed(sent, (o) => (o.kind === "sent" ? o.messageId : ""));
    await db.execute(sql`update campaign_recipients r set status = 'sent', sent_at = now(), lease_until = null, last_error = null, message_id = v.text
      from ${from} where ${where}`);
  }
  const errorOf = (o: Outcome) => ("error" in o && o.error) || "";
  const retries = outcomes.filter((o) => o.kind === "retry");
  if (retries.length > 0) {
    const { from, where } = stillClaimed(retries, errorOf);
    // Back-off grows with each attempt: 30 s, 2 min, 8 min, …
    await db.execute(sql`update campaign_recipients r set ${backInQueue(sql`v.text`)},
        next_attempt_at = now() + (30 * power(4, r.attempts - 1)) * interval '1 second'
      from ${from} where ${where}`);
  }
  const held = outcomes.filter((o) => o.kind === "held");
  if (held.length > 0) {
    const { from, where } = stillClaimed(held, errorOf);
    await db.execute(sql`update campaign_recipients r set attempts = r.attempts - 1,
        ${backInQueue(sql`coalesce(nullif(v.text, ''), r.last_error)`)}
      from ${from} where ${where}`);
  }
  const skipped = outcomes.filter((o) => o.kind === "skipped");
  if (skipped.length > 0) {
    const { from, where } = stillClaimed(skipped, errorOf);
    await db.execute(sql`update campaign_recipients r set status = 'skipped', lease_until = null, last_error = v.text
      from ${from} where ${where}`);
  }
  let bounced: RefusedRecipient[] = [];
  for (const kind of ["failed", "bounced"] as const) {
    const final = outcomes.filter((o) => o.kind === kind);
    if (final.length === 0) continue;
    const { from, where } = stillClaimed(final, errorOf);
    const returned = await queryRows<RefusedRecipient>(
      db,
      sql`update campaign_recipients r set status = ${kind}, lease_until = null, last_error = v.text
        from ${from} where ${where} returning r.campaign_id, r.id, r.email, v.text as error`,
    );
    if (kind === "bounced") bounced = returned;
  }
  return bounced;
}
