import type { ActivityDetails, ActivityStatus } from "@shop/shared/schemas/activity-logs";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { activityLogs } from "../db/schema/index.ts";
import { literalPattern } from "../lib/sql.ts";

export type ActivityEntry = {
  action: string;
  module: string;
  status: ActivityStatus;
  description: string;
  userId: string | null;
  ipAddress: string | null;
  details?: ActivityDetails | null;
};

/**
 * Writes one activity-log entry. The activity plugin records staff requests with it and modules their
 * own events (bounces, audience notices), so it sits below both; modules/activity-logs reads the log.
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogs).values({ ...entry, details: entry.details ?? null });
}

/** What an erased person's address and id read as in the log. */
const erasedMention = "[erased]";

/**
 * GDPR erasure: the log keeps its entries (who did what, and when), but they no longer name the
 * person: each mention of `texts` (their address, their id) in a description or its details reads
 * "[erased]", and an entry of their own (no staff user: an unsubscribe) loses their IP address.
 * Reads the whole log (no index finds text in it); erasures are rare. Runs in the erasure's transaction.
 */
export async function redactActivity(db: Pick<Db, "execute">, texts: readonly string[]): Promise<void> {
  const pattern = literalPattern(texts);
  await db.execute(sql`update activity_logs set
      description = regexp_replace(description, ${pattern}, ${erasedMention}, 'gi'),
      details = regexp_replace(details::text, ${pattern}, ${erasedMention}, 'gi')::jsonb,
      ip_address = case when user_id is null then null else ip_address end
    where description ~* ${pattern} or details::text ~* ${pattern}`);
}
