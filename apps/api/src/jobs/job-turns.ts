import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { queryRows } from "../lib/sql.ts";

/**
 * Takes this period's turn at a job that one instance does for all (reclaiming uploads): true for
 * exactly one caller per `everyMs`, however many instances ask at once. One statement: the first
 * caller ever inserts the row; later ones move it on only if it is due, and a caller racing another
 * waits on the row's lock and then finds it no longer due (PostgreSQL re-reads a row it waited for).
 */
export async function takeTurn(db: Db, job: string, everyMs: number): Promise<boolean> {
  const next = sql`now() + ${`${everyMs} milliseconds`}::interval`;
  const taken = await queryRows<{ job: string }>(
    db,
    sql`insert into job_turns (job, next_at) values (${job}, ${next})
      on conflict (job) do update set next_at = excluded.next_at where job_turns.next_at <= now()
      returning job`,
  );
  return taken.length > 0;
}
