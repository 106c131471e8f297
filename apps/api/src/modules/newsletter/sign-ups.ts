import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/sql.ts";

const dayMs = 86_400_000;

export type SignUpDay = {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** People who subscribed that day, whatever they did since: the one meaning of "new subscribers". */
  subscribed: number;
  /** Of those, the ones still subscribed (what a running total of today's audience adds up). */
  stillSubscribed: number;
};

/** The UTC midnight `days - 1` days before today: the first day of a window of `days` days ending today. */
export function windowStart(days: number, now = Date.now()): Date {
  return new Date(Math.floor(now / dayMs) * dayMs - (days - 1) * dayMs);
}

/**
 * New subscribers per UTC day over the last `days` days, oldest first, days without any included.
 * A subscriber's day is `subscribed_at`: when they subscribed (the footer form without double opt-in,
 * their confirmation, an import), not when their row was created (a pending sign-up is not one yet).
 * The dashboard and the statistics page both count with this, so they cannot disagree.
 */
export async function signUpsPerDay(db: Db, days: number, now = Date.now()): Promise<SignUpDay[]> {
  const since = windowStart(days, now);
  const rows = await queryRows<SignUpDay>(
    db,
    sql`select to_char(subscribed_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as subscribed,
        count(*) filter (where status = 'subscribed')::int as "stillSubscribed"
      from subscribers where subscribed_at >= ${since} group by 1`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(since.getTime() + i * dayMs).toISOString().slice(0, 10);
    return byDay.get(day) ?? { day, subscribed: 0, stillSubscribed: 0 };
  });
}
