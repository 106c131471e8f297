import type { ActivityDetails, ActivityStatus } from "@shop/shared/schemas/activity-logs";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { activityLogs } from "../db/schema/index.ts";
import { literalPattern, queryRows, standaloneAddressPattern } from "../lib/sql.ts";

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
export const erasedMention = "[erased]";

/**
 * Modules whose entries are about staff accounts (created, deactivated, signed in). A staff member's
 * address is also their account's, and those entries are the back office's own record: erasing a
 * subscriber who shares the address leaves them, or anyone who may erase subscribers could wipe them.
 */
const staffAccountModules = ["user", "auth"];

/**
 * GDPR erasure: the log keeps its entries (who did what, and when), but they no longer name the
 * person: each mention of their address or id in a description or its details reads "[erased]", and
 * an entry of their own (no staff user: an unsubscribe) loses their IP address. The entries are found
 * by the index of what each mentions (migration 0015), then rechecked with the exact expression; an
 * address the index cannot key (punctuation at the end of its local part, a domain beyond a–z, 0–9,
 * - and .) is looked for in the whole log, as every address was before. Runs in the erasure's
 * transaction.
 */
export async function redactActivity(db: Pick<Db, "execute">, person: { email: string; id: string }): Promise<void> {
  const pattern = `${standaloneAddressPattern(person.email)}|${literalPattern([person.id])}`;
  const [keyed] = await queryRows<{ key: string | null }>(
    db,
    sql`select activity_log_mention_key(${person.email}) as key`,
  );
  const mentioned = keyed?.key
    ? sql`activity_log_mentions(description, details) && array[${keyed.key}, ${person.id.toLowerCase()}]::text[] and`
    : sql``;
  await db.execute(sql`update activity_logs set
      description = regexp_replace(description, ${pattern}, ${erasedMention}, 'gi'),
      details = regexp_replace(details::text, ${pattern}, ${erasedMention}, 'gi')::jsonb,
      ip_address = case when user_id is null then null else ip_address end
    where ${mentioned} (description ~* ${pattern} or details::text ~* ${pattern})
      and (module not in (${sql.join(
        staffAccountModules.map((module) => sql`${module}`),
        sql`, `,
      )})
        or not exists (select 1 from users where lower(users.email) = lower(${person.email})))`);
}
