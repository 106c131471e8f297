import { PGlite } from "@electric-sql/pglite";
import { subscriberListQuerySchema } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import * as schema from "../src/db/schema/index.ts";
import { listSubscribers } from "../src/modules/newsletter/subscriber-list.ts";
import { createTestApp } from "./harness.ts";

const { app } = await createTestApp();

type Statement = { text: string; params: unknown[] };
type PlanNode = {
  "Node Type": string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

/**
 * The app's database seen through a second drizzle over the same client, which writes down every
 * statement it is given: what a list costs is then measured over all of its statements, however
 * many it takes, without knowing which.
 */
function recordingDb(): { db: Db; statements: Statement[]; explain(statement: Statement): Promise<PlanNode> } {
  const statements: Statement[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => statements.push({ text, params }) };
  const client = (app.db as unknown as { $client: unknown }).$client;
  type Run = (text: string, params: unknown[]) => Promise<{ rows: { "QUERY PLAN"?: unknown }[] }>;
  const [db, run]: [unknown, Run] =
    client instanceof PGlite
      ? [drizzlePglite(client, { schema, logger }), (text, params) => client.query(text, params)]
      : [drizzlePg(client as pg.Pool, { schema, logger }), (text, params) => (client as pg.Pool).query(text, params)];
  return {
    db: db as unknown as Db,
    statements,
    async explain({ text, params }) {
      const result = await run(`explain (analyze, format json) ${text}`, params);
      return planOf(result.rows[0]?.["QUERY PLAN"]);
    },
  };
}

function planOf(raw: unknown): PlanNode {
  const [{ Plan }] = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  return Plan;
}

/** Rows a plan read and threw away, as PostgreSQL counted them running it. */
const discarded = (node: PlanNode): number =>
  (node["Rows Removed by Filter"] ?? 0) +
  (node["Rows Removed by Index Recheck"] ?? 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + discarded(child), 0);

/** Rows a plan's scans gave (of tables and of indexes), as PostgreSQL counted them running it. */
const scanned = (node: PlanNode): number =>
  (node["Node Type"].endsWith("Scan") ? node["Actual Rows"] * node["Actual Loops"] : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + scanned(child), 0);

/**
 * The statements that read rows: the planner's estimate is asked for with EXPLAIN, which reads
 * nothing and cannot itself be explained.
 */
const ran = (recording: { statements: Statement[] }) =>
  recording.statements.filter(({ text }) => !/^\s*explain/i.test(text));

// 300 long-standing readers behind 20,000 newer ones: a search that finds only the old ones.
const newer = 20_000;
const old = 300;

describe("a search's page of subscribers", () => {
  it("reads the audience at most once to count the matches and give their first page", async () => {
    await app.db.execute(sql`
      insert into subscribers (id, email, name, status, source, created_at)
      select gen_random_uuid(), 'oldtimer' || n || '@example.org', null, 'subscribed', 'import',
             timestamptz '2019-01-01' + n * interval '1 second'
      from generate_series(1, ${old}::int) as n`);
    await app.db.execute(sql`
      insert into subscribers (id, email, name, status, source, created_at)
      select gen_random_uuid(), 'reader' || n || '@example.com', null, 'subscribed', 'import',
             timestamptz '2021-01-01' + n * interval '1 second'
      from generate_series(1, ${newer}::int) as n`);
    await app.db.execute(sql`analyze subscribers`);

    const recording = recordingDb();
    const query = subscriberListQuerySchema.parse({ page: "1", limit: "20", search: "oldtimer" });
    const page = await listSubscribers(recording.db, query);
    expect(page.pagination).toMatchObject({ totalSubscribers: old, totalIsEstimate: false });
    expect(page.subscribers.map((s) => s.email).slice(0, 2)).toEqual([
      `oldtimer${old}@example.org`,
      `oldtimer${old - 1}@example.org`,
    ]);

    // Counting the matches reads the audience once (a search this short of the audience is cheaper
    // read in order than through the search index). The page used to walk it again from the newest,
    // testing each address, to find 20 of them.
    let thrownAway = 0;
    for (const statement of ran(recording)) thrownAway += discarded(await recording.explain(statement));
    expect(recording.statements.length).toBeGreaterThan(0);
    expect(thrownAway).toBeLessThanOrEqual(newer);
  });
});

describe("a filter the planner knows to match far more than a list counts", () => {
  it("is not counted up to the threshold on every page: the page reads about what it shows", async () => {
    // The audience above and 25,000 more, measured: all of it subscribed, over four times the threshold.
    await app.db.execute(sql`
      insert into subscribers (id, email, name, status, source, created_at)
      select gen_random_uuid(), 'later' || n || '@example.net', null, 'subscribed', 'import',
             timestamptz '2023-01-01' + n * interval '1 second'
      from generate_series(1, 25000) as n`);
    await app.db.execute(sql`analyze subscribers`);
    const recording = recordingDb();
    // The first page, and the last of 45,300 people (as near as the estimate puts it).
    for (const page of ["1", "2265"]) {
      recording.statements.length = 0;
      const query = subscriberListQuerySchema.parse({ page, limit: "20", status: "subscribed" });
      const listed = await listSubscribers(recording.db, query);
      expect(listed.pagination.totalIsEstimate).toBe(true);
      expect(listed.subscribers.length).toBeGreaterThan(0);
      let read = 0;
      for (const statement of ran(recording)) read += scanned(await recording.explain(statement));
      // Counting the matches up to estimateTotalFrom read 10,001 of them first.
      expect(read, `page ${page}`).toBeLessThanOrEqual(1_000);
    }
  });
});
