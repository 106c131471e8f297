import { type SubscriberDto, subscriberListQuerySchema } from "@shop/shared/schemas/newsletter";
import { type SQLWrapper, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pageIdsStatement, subscriberWhere } from "../src/modules/newsletter/subscribers-service.ts";
import { call, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

type Page = { subscribers: SubscriberDto[]; pagination: { totalSubscribers: number; totalIsEstimate: boolean } };

type PlanNode = { "Rows Removed by Filter"?: number; "Rows Removed by Index Recheck"?: number; Plans?: PlanNode[] };

/** Rows the statement read and threw away, over its whole plan, as PostgreSQL counted them running it. */
async function rowsDiscarded(statement: SQLWrapper) {
  const [row] = (
    (await app.db.execute(sql`explain (analyze, format json) ${statement}`)) as unknown as {
      rows: { "QUERY PLAN": unknown }[];
    }
  ).rows;
  const raw = row?.["QUERY PLAN"];
  const [{ Plan }] = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const walk = (node: PlanNode): number =>
    (node["Rows Removed by Filter"] ?? 0) +
    (node["Rows Removed by Index Recheck"] ?? 0) +
    (node.Plans ?? []).reduce((sum, child) => sum + walk(child), 0);
  return walk(Plan);
}

// 300 long-standing readers behind 20,000 newer ones: a search that finds only the old ones.
const newer = 20_000;
const old = 300;

describe("a search's page of subscribers", () => {
  it("reads the people the search finds, not the audience newer than them", async () => {
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

    const response = await call<Page>(app, {
      url: "/api/newsletter/get-all-subscriber?page=1&limit=20&search=oldtimer",
      token: admin,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.pagination).toMatchObject({ totalSubscribers: old, totalIsEstimate: false });
    expect(response.body.data.subscribers.map((s) => s.email).slice(0, 2)).toEqual([
      `oldtimer${old}@example.org`,
      `oldtimer${old - 1}@example.org`,
    ]);

    // The statement behind that page, run as the list runs it. Walking the newest first and testing
    // each address read 20,000 people to find 20 (the index walk's filter threw the rest away).
    const query = subscriberListQuerySchema.parse({ page: "1", limit: "20", search: "oldtimer" });
    const { statement } = pageIdsStatement(app.db, query, subscriberWhere(query), {
      total: old,
      isEstimate: false,
    });
    expect(await rowsDiscarded(statement)).toBeLessThan(old);
  });
});
