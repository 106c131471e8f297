import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { campaignEvents } from "../db/schema/index.ts";
import { pgArray, queryRows } from "../lib/sql.ts";
import { recordDeliveryEvents } from "../modules/newsletter/delivery-events.ts";

export type Outcome =
  | { id: string; kind: "sent"; messageId: string }
  | { id: string; kind: "retry"; error: string; attempts: number }
  | { id: string; kind: "failed" | "bounced"; error: string; subscriberId: string };

/** SMTP 5xx means the server refused for good; anything else (4xx, a dropped connection) is worth another try. */
export function classify(error: unknown): { permanent: boolean; bounce: boolean; message: string } {
  const code =
    typeof error === "object" && error !== null && "responseCode" in error ? Number(error.responseCode) : undefined;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (code !== undefined && code >= 500)
    return { permanent: true, bounce: [550, 551, 552, 553, 554].includes(code), message };
  return { permanent: false, bounce: false, message };
}

/**
 * Status writes for a whole batch in a few statements, not one per recipient. A refusal during the
 * conversation is a hard bounce like one reported later: the delivery-events service decides what
 * it does to the subscriber.
 */
export async function recordOutcomes(db: Db, outcomes: Outcome[]): Promise<void> {
  const sent = outcomes.filter((o) => o.kind === "sent");
  if (sent.length > 0) {
    await db.execute(sql`update campaign_recipients r set status = 'sent', sent_at = now(), lease_until = null, last_error = null, message_id = v.message_id
      from unnest(${pgArray(sent.map((o) => o.id))}::uuid[], ${pgArray(sent.map((o) => o.messageId))}::text[]) as v(id, message_id)
      where r.id = v.id`);
  }
  const retries = outcomes.filter((o) => o.kind === "retry");
  if (retries.length > 0) {
    // Back-off grows with each attempt: 30 s, 2 min, 8 min, …
    await db.execute(sql`update campaign_recipients r set status = 'queued', lease_until = null, last_error = v.error,
        next_attempt_at = now() + (30 * power(4, r.attempts - 1)) * interval '1 second'
      from unnest(${pgArray(retries.map((o) => o.id))}::uuid[], ${pgArray(retries.map((o) => o.error))}::text[]) as v(id, error)
      where r.id = v.id`);
  }
  for (const kind of ["failed", "bounced"] as const) {
    const final = outcomes.filter((o): o is Extract<Outcome, { kind: "failed" | "bounced" }> => o.kind === kind);
    if (final.length === 0) continue;
    const returned = await queryRows<{ campaign_id: string; id: string; email: string; error: string }>(
      db,
      sql`update campaign_recipients r set status = ${kind}, lease_until = null, last_error = v.error
        from unnest(${pgArray(final.map((o) => o.id))}::uuid[], ${pgArray(final.map((o) => o.error))}::text[]) as v(id, error)
        where r.id = v.id returning r.campaign_id, r.id, r.email, v.error`,
    );
    if (kind === "bounced") {
      await db
        .insert(campaignEvents)
        .values(returned.map((row) => ({ campaignId: row.campaign_id, recipientId: row.id, type: "bounce" })));
      await recordDeliveryEvents(
        db,
        returned.map((row) => ({
          email: row.email,
          kind: "hard" as const,
          campaignId: row.campaign_id,
          reason: row.error,
          source: "smtp" as const,
        })),
      );
    }
  }
}
