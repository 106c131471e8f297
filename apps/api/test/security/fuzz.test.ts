import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/lib/sql.ts";
import { signIn } from "../harness.ts";
import {
  anyJson,
  brokenText,
  deepText,
  fromSchema,
  type JsonSchema,
  paramText,
  pollutingText,
  queryText,
} from "./fuzz-arbitraries.ts";
import { changedTables, createSecurityApp, fingerprint, hasStackTrace, type Method, routeTable } from "./support.ts";

/**
 * Random requests to every route: schema-shaped and not, with hostile strings, deep nesting,
 * prototype keys, odd queries and path parameters. Whatever arrives: never a 5xx, never a stack
 * trace, and a 4xx leaves the database exactly as it was.
 *
 * FUZZ_RUNS scales the runs per route (default 24 for the super admin; anonymous gets fewer
 * where it is refused at the door). FUZZ_SEED replays a failure.
 */
const { app } = await createSecurityApp();
const admin = await signIn(app);
const scale = Number(process.env.FUZZ_RUNS ?? 24);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Operation = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
const document = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
const operationOf = (method: string, url: string) =>
  document.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];

type Target = { method: Method; url: string; isPublic: boolean };
const targets: Target[] = [
  // Logout would end the super admin's own session: it is fuzzed anonymously only.
  ...routeTable(app).map((route) => ({
    method: route.method as Method,
    url: route.url,
    isPublic: route.access.kind === "public",
  })),
  // Pages outside /api that read input: unsubscribe, confirmation and tracking links.
  ...Object.entries(document.paths)
    .filter(([url]) => !url.startsWith("/api/"))
    .flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase() as Method,
        url: url.replace(/\{(\w+)\}/g, ":$1"),
        isPublic: true,
      })),
    ),
];

// Real ids and slugs, so a good share of requests find a record and reach deep into the handlers.
const tables = ["users", "roles", "products", "categories", "subcategories", "hero_banners", "contacts"];
tables.push("blog_posts", "subscribers", "newsletter_tags", "campaigns", "import_jobs");
const ids: string[] = [];
for (const table of tables) {
  const rows = await queryRows<{ id: string }>(app.db, sql.raw(`select id::text as id from ${table} limit 2`));
  ids.push(...rows.map((row) => row.id));
}
for (const table of ["products", "blog_posts"]) {
  const rows = await queryRows<{ slug: string }>(app.db, sql.raw(`select slug from ${table} limit 1`));
  ids.push(...rows.map((row) => row.slug));
}

function requestFor(target: Target) {
  const operation = operationOf(target.method, target.url);
  const parameters = operation?.parameters ?? [];
  const queryKeys = parameters.filter((p) => p.in === "query").map((p) => p.name);
  const schemaOf = (name: string) => parameters.find((p) => p.name === name)?.schema;
  const bodySchema = operation?.requestBody?.content["application/json"]?.schema ?? { type: "object" };
  const paramNames = [...target.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const shapedBody = fromSchema(bodySchema, ids);
  const body =
    target.method === "GET"
      ? fc.constant(undefined)
      : fc.oneof(
          { arbitrary: shapedBody.map((value) => JSON.stringify(value) ?? "null"), weight: 5 },
          { arbitrary: anyJson.map((value) => JSON.stringify(value) ?? "null"), weight: 1 },
          { arbitrary: pollutingText(shapedBody), weight: 2 },
          { arbitrary: deepText, weight: 1 },
          { arbitrary: brokenText, weight: 1 },
          { arbitrary: fc.constant(undefined), weight: 1 },
        );
  return fc.record({
    params: fc.tuple(...paramNames.map(() => paramText(ids))),
    query: fc.option(queryText(queryKeys, schemaOf, ids), { nil: "", freq: 3 }),
    body,
  });
}

let runs = 0;
const answers = new Map<string, number>();
let baseline = await fingerprint(app.db);
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

async function probe(
  target: Target,
  token: string | undefined,
  input: { params: string[]; query: string; body?: string },
) {
  runs += 1;
  let path = target.url;
  for (const value of input.params) path = path.replace(/:\w+/, value);
  const response = await app.inject({
    method: target.method,
    url: input.query ? `${path}?${input.query}` : path,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(input.body !== undefined && { "content-type": "application/json" }),
    },
    ...(input.body !== undefined && { payload: input.body }),
  });
  const status = response.statusCode;
  const kind = `${Math.floor(status / 100)}xx`;
  answers.set(kind, (answers.get(kind) ?? 0) + 1);
  const what = `${target.method} ${path} → ${status}: ${response.body.slice(0, 300)}`;
  expect(status, what).toBeLessThan(500);
  expect(hasStackTrace(response.body), what).toBe(false);
  // Refused at the door (401), or never routed at all (bad URL, 404, 414): never an answer.
  if (!token && !target.isPublic) expect(status, what).toBeGreaterThanOrEqual(400);
  const before = baseline;
  baseline = await fingerprint(app.db);
  if (status >= 400) expect(changedTables(before, baseline), what).toEqual([]);
}

const callers = [
  { name: "super admin", token: admin, runs: (t: Target) => (t.url.endsWith("/logout") ? 0 : scale) },
  { name: "anonymous", token: undefined, runs: (t: Target) => (t.isPublic ? scale : Math.max(1, scale / 4)) },
];

describe.each(callers)("fuzzing as $name", (caller) => {
  it.each(targets.map((target) => [`${target.method} ${target.url}`, target] as const))(
    "%s",
    async (_name, target) => {
      const numRuns = Math.round(caller.runs(target));
      if (numRuns === 0) return;
      await fc.assert(
        fc.asyncProperty(requestFor(target), (input) => probe(target, caller.token, input)),
        { numRuns, ...(seed !== undefined && { seed }) },
      );
    },
    120_000,
  );
});

describe("after the fuzzing", () => {
  it("left Object.prototype alone and the server still answers", async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    const probeObject: Record<string, unknown> = {};
    expect(probeObject.polluted).toBeUndefined();
    expect(probeObject.isSuperAdmin).toBeUndefined();
    expect(Object.getOwnPropertyNames(Array.prototype)).not.toContain("polluted");
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
    expect(runs).toBeGreaterThan(targets.length);
  });
});

afterAll(() => {
  // The closing note quotes this figure.
  const spread = [...answers]
    .sort()
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");
  console.log(`fuzz runs: ${runs} over ${targets.length} routes × ${callers.length} callers (${spread})`);
});
