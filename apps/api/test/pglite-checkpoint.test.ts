import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";

// PostgreSQL's checkpointer writes a checkpoint every checkpoint_timeout (5 minutes) or sooner when
// max_wal_size fills, and only then can old WAL be recycled. PGlite runs no checkpointer: without one
// its pg_wal grows with every write until the process stops (1.2 GB after 700,000 imported rows), and a
// crash replays all of it at the next start.
const database = await openDatabase({ kind: "pglite", checkpointEveryMs: 100 });
afterAll(() => database.close());

async function redoPoint(): Promise<string> {
  const result = (await database.db.execute(
    sql`select redo_lsn::text as lsn from pg_control_checkpoint()`,
  )) as unknown as {
    rows: { lsn: string }[];
  };
  return result.rows[0]?.lsn ?? "";
}

describe("the embedded database's checkpoints", () => {
  it("are made on a timer once there has been writing, as PostgreSQL's checkpointer does", async () => {
    await database.db.execute(sql`create table written (n int)`);
    await database.db.execute(sql`insert into written select generate_series(1, 20000)`);
    const before = await redoPoint();
    const deadline = Date.now() + 5_000;
    let after = before;
    while (after === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await redoPoint();
    }
    expect(after).not.toBe(before);
  });
});
