import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { createTestApp } from "./harness.ts";

/**
 * The back office's newest-first lists of tables that only grow (the activity log, the suppression
 * list, subscribers) must read a page from an index, not sort the whole table for it: the activity log
 * of a shop that has run for years holds hundreds of thousands of entries. With sorting switched off,
 * the planner still sorts when no index gives the order, so a Sort in the plan means none does. Each
 * query is written here as its list writes it (`desc` is NULLS FIRST), independently of the indexes.
 */

const { app } = await createTestApp();

async function planOf(query: string): Promise<string> {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql.raw(`explain ${query}`));
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

describe("newest-first lists of growing tables", () => {
  it.each([
    ["the activity log", "select id from activity_logs order by created_at desc, id desc limit 20"],
    [
      "the activity log of one module",
      "select id from activity_logs where module = 'auth' order by created_at desc, id desc limit 20",
    ],
    [
      "one person's activity",
      "select id from activity_logs where user_id = '01900000-0000-7000-8000-000000000000' order by created_at desc, id desc limit 20",
    ],
    ["the suppression list", "select id from suppressions order by created_at desc, id desc limit 20"],
    ["the subscribers", "select id from subscribers order by created_at desc, id desc limit 20"],
    [
      "the subscribed",
      "select id from subscribers where status = 'subscribed' order by created_at desc, id desc limit 20",
    ],
  ])("reads a page of %s from an index", async (_name, query) => {
    expect(await planOf(query)).not.toMatch(/\bSort\b/);
  });
});
