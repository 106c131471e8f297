import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { openImportStage } from "../src/modules/newsletter/import/stage.ts";

// PostgreSQL's autovacuum removes the row versions an UPDATE or DELETE leaves behind once a table has
// more of them than autovacuum_vacuum_threshold (50) + autovacuum_vacuum_scale_factor (0.2) × its rows,
// and re-measures it (ANALYZE) past 50 + 0.1 × its rows changed. PGlite runs no autovacuum: every
// campaign send leaves two dead versions per recipient that nothing ever clears, and the planner's
// statistics are never refreshed. Always PGlite, whichever database the rest of the suite runs on.
const database = await openDatabase({ kind: "pglite", vacuumEveryMs: 100 });
afterAll(() => database.close());

type TableStats = {
  n_dead_tup: number;
  n_mod_since_analyze: number;
  last_vacuum: Date | null;
  last_analyze: Date | null;
};

async function statsOf(table: string, db = database.db): Promise<TableStats> {
  const result = (await db.execute(
    sql`select n_dead_tup::int, n_mod_since_analyze::int, last_vacuum, last_analyze
      from pg_stat_user_tables where relname = ${table}`,
  )) as unknown as { rows: TableStats[] };
  const [row] = result.rows;
  if (!row) throw new Error(`no statistics for ${table}`);
  return row;
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the embedded database's vacuum", () => {
  it("clears a table's dead rows on a timer once past autovacuum's threshold, and leaves a table under it", async () => {
    // Like campaign_recipients: an indexed status moved twice (queued → sending → sent), so no update is HOT.
    await database.db.execute(sql`create table churned (id int primary key, status text not null)`);
    await database.db.execute(sql`create index churned_status_idx on churned (status)`);
    await database.db.execute(sql`insert into churned select n, 'queued' from generate_series(1, 5000) n`);
    await database.db.execute(sql`update churned set status = 'sending'`);
    await database.db.execute(sql`update churned set status = 'sent'`);

    // 100 dead among 1,000 measured rows: under 50 + 0.2 × 1,000 = 250, and 100 changes under 50 + 0.1 × 1,000.
    await database.db.execute(sql`create table quiet (id int primary key, status text not null)`);
    await database.db.execute(sql`insert into quiet select n, 'queued' from generate_series(1, 1000) n`);
    // A session reports its counts at most once a second: unreported, the 1,000 inserts would land after
    // the ANALYZE and count as changes since it.
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    await database.db.execute(sql`select 1`);
    await database.db.execute(sql`analyze quiet`);
    const quietMeasuredAt = (await statsOf("quiet")).last_analyze;
    await database.db.execute(sql`update quiet set status = 'sent' where id <= 100`);

    const vacuumed = await waitFor(async () => {
      const churned = await statsOf("churned");
      return churned.last_vacuum !== null && churned.n_dead_tup === 0;
    }, 10_000);
    expect(vacuumed).toBe(true);
    expect((await statsOf("churned")).last_analyze).not.toBeNull();

    // Ticks enough for its counts to be reported (once a second): the quiet table is still not worth either.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const quiet = await statsOf("quiet");
    expect(quiet.last_vacuum).toBeNull();
    expect(quiet.last_analyze).toEqual(quietMeasuredAt);
  });

  it("measures (ANALYZE) a table that was only written to, once past autovacuum's analyze threshold", async () => {
    await database.db.execute(sql`create table appended (id int primary key)`);
    await database.db.execute(sql`insert into appended select generate_series(1, 3000)`);
    const measured = await waitFor(async () => (await statsOf("appended")).last_analyze !== null, 10_000);
    expect(measured).toBe(true);
    expect((await statsOf("appended")).n_mod_since_analyze).toBe(0);
  });
});

describe("the embedded database's vacuum during an import", () => {
  // A VACUUM runs on PGlite as one statement on the app's thread. Between two of an import's batches
  // it vacuumed the half-imported audience: 1.3–1.6 s at ~500,000 rows on a 2-core machine, the
  // longest wait of every sign-up during a 1M import (bench:import). The table is still growing, so
  // that vacuum is done again after the import anyway.
  it("leaves the tables alone while an import writes, and catches up once it is over", async () => {
    const importing = await openDatabase({ kind: "pglite", vacuumEveryMs: 100 });
    try {
      await importing.migrate();
      const stage = await openImportStage(importing.db, "00000000-0000-7000-8000-000000000019", {
        consentId: "00000000-0000-7000-8000-00000000c0de",
        consentAt: new Date(),
        tagIds: [],
      });
      let failed = true;
      try {
        for (let batch = 0; batch < 10; batch += 1) {
          const rows = Array.from({ length: 2_000 }, (_, i) => {
            const n = batch * 2_000 + i;
            return `${n + 2}\t${crypto.randomUUID()}\tperson${n}@example.com\tPerson ${n}\n`;
          });
          await stage.write(Buffer.from(rows.join("")));
          // Ticks run between batches, as between an import's batches (each far past 1,000 + 0.2 × rows inserted).
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect((await statsOf("subscribers", importing.db)).last_vacuum).toBeNull();
        failed = false;
      } finally {
        await stage.close(failed);
      }
      const caughtUp = await waitFor(
        async () => (await statsOf("subscribers", importing.db)).last_vacuum !== null,
        10_000,
      );
      expect(caughtUp).toBe(true);
    } finally {
      await importing.close();
    }
  });
});
