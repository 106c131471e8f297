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
import { lengthsUpTo, slowTexts, textSlots, validValue } from "./slow-inputs.ts";
import {
  changedTables,
  createSecurityApp,
  fillPath,
  fingerprint,
  hasStackTrace,
  type Method,
  quickestRequest,
  routeTable,
  unknownId,
} from "./support.ts";

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

/**
 * Time is a result: each text field of each route (body and query) at its full length, and filled
 * with near misses of what its check wants, one field at a time with the rest of the request valid,
 * so the handler is reached. A request that holds the server longer than 200 ms (the quicker of two
 * tries, wall clock or CPU: see quickestRequest) fails its route, unless its time grew no faster than
 * its input from the length tried before it (at most twice the linear share, measured in the same
 * run): on a slower machine, linear work on a field's maximum can pass 200 ms (the blog preview's
 * 100,000 characters of markdown punctuation took 218–251 ms on one), while what this looks for,
 * a backtracking pattern or a quadratic parser, grows by the square of the length or worse. Nothing
 * is excused past a second.
 */
const slowMs = 200;
const hardMs = 1_000;
/** Whether `ms` at `length` is within twice what linear growth from the length before would give. */
const grewLinearly = (ms: number, length: number, before: { ms: number; length: number } | undefined) =>
  before !== undefined && ms <= 2 * Math.max(before.ms, 1) * (length / before.length);
/** Fields with no maximum length (a pattern only) are tried this long; a body limit may refuse them first. */
const unboundedLength = 10_000;
const timings: { what: string; ms: number }[] = [];
let clientAddress = 0;

function setAt(value: unknown, path: (string | number)[], text: string): unknown {
  if (path.length === 0) return text;
  const [key = "", ...rest] = path;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  copy[key] = setAt(copy[key], rest, text);
  return copy;
}

describe("time is a result", () => {
  const timed = targets.filter((target) => !target.url.endsWith("/logout"));
  it.each(timed.map((target) => [`${target.method} ${target.url}`, target] as const))(
    "%s",
    async (_name, target) => {
      const operation = operationOf(target.method, target.url);
      const bodySchema = operation?.requestBody?.content["application/json"]?.schema;
      const valid = bodySchema ? validValue(bodySchema, unknownId) : undefined;
      const path = fillPath(target.url, unknownId);
      const slots = [
        ...textSlots(bodySchema).map((slot) => ({ ...slot, query: undefined })),
        ...(operation?.parameters ?? [])
          .filter((parameter) => parameter.in === "query")
          .flatMap((parameter) => textSlots(parameter.schema).map((slot) => ({ ...slot, query: parameter.name }))),
      ];
      const slow: string[] = [];
      const time = async (
        what: string,
        body: unknown,
        query = "",
        before?: { ms: number; length: number },
        length = 0,
      ) => {
        clientAddress += 1;
        // A new client address each time: per-address rate limits would answer 429 before the handler.
        const remoteAddress = `10.9.${(clientAddress >> 8) & 255}.${clientAddress & 255}`;
        const { ms, response } = await quickestRequest(
          slowMs,
          () =>
            app.inject({
              method: target.method,
              url: query ? `${path}?${query}` : path,
              remoteAddress,
              headers: {
                authorization: `Bearer ${admin}`,
                ...(body !== undefined && { "content-type": "application/json" }),
              },
              ...(body !== undefined && { payload: JSON.stringify(body) }),
            }),
          2,
        );
        const answer = `${target.method} ${path} ${what} → ${response.statusCode} in ${ms.toFixed(0)} ms`;
        expect(response.statusCode, `${answer}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
        timings.push({ what: answer, ms });
        const excused = ms < hardMs && grewLinearly(ms, length, before);
        if (ms >= slowMs && !excused) slow.push(answer);
        return { quick: ms < slowMs, ms };
      };

      await time("valid", valid);
      for (const slot of slots) {
        const field = slot.query ? `?${slot.query}` : slot.path.join(".");
        for (const { name, text } of slowTexts(slot.schema, unknownId)) {
          let before: { ms: number; length: number } | undefined;
          for (const length of lengthsUpTo(slot.schema.maxLength ?? unboundedLength)) {
            const what = `${field}: ${name} × ${length}`;
            const { quick, ms } = slot.query
              ? await time(what, valid, new URLSearchParams({ [slot.query]: text(length) }).toString(), before, length)
              : await time(what, setAt(valid, slot.path, text(length)), "", before, length);
            // Longer would only be slower, and a backtracking pattern could hold the test for minutes.
            if (!quick) break;
            before = { ms, length };
          }
        }
      }
      expect(slow, `requests over ${slowMs} ms`).toEqual([]);
    },
    300_000,
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
  const worst = timings.sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`timed requests: ${timings.length}; slowest:\n${worst.map((t) => `  ${t.what}`).join("\n")}`);
});
