import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { allPermissionNames } from "@shop/shared/permissions";
import { sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Db } from "../../src/db/client.ts";
import { queryRows } from "../../src/lib/sql.ts";
import type { RouteAccess } from "../../src/plugins/auth.ts";
import { call, createStaff, createTestApp } from "../harness.ts";
import { webhookConfig, webhookNetwork } from "./webhook-fixtures.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/**
 * The real app on a fresh database, with overload protection off: on a busy two-core machine a
 * stalled event loop would turn answers into 503s, and overload is the fault suite's subject, not this one's.
 */
export function createSecurityApp(options: Parameters<typeof createTestApp>[0] = {}) {
  return createTestApp({
    snsNetwork: webhookNetwork,
    ...options,
    config: { MAX_EVENT_LOOP_DELAY_MS: "0", ...webhookConfig, ...options.config },
  });
}

/** A well-formed id that names no record, for path parameters. */
export const unknownId = "01890a5d-ac96-774b-bcce-b302099a8057";

/** Fills every `:param` of a route pattern with one value (already URL-safe). */
export function fillPath(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value);
}

/**
 * The route table in a walking order: logout revokes the caller's own session, so it goes last.
 */
export function routeTable(app: FastifyInstance): RouteAccess[] {
  return [...app.routeAccess].sort((a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")));
}

export const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * Every table's row count and the newest row version in it (xmin: the transaction that wrote it).
 * Any insert or update makes a row version with a newer xmin, any delete lowers the count, so two
 * equal fingerprints mean nothing was written, at the cost of one scan without text conversion.
 * activity_logs is left out: a refused staff write is recorded there on purpose.
 */
const rowVersions = "coalesce(max(xmin::text::bigint), 0)::text";
/**
 * Tables with a bookkeeping column any request may write: their version leaves it out. A session's
 * last_seen_at is written by whichever request it makes first each minute, refused or not; who owns
 * it, when it ends and whether it was revoked still count.
 */
const versionOf: Record<string, string> = {
  sessions: `md5(coalesce(string_agg(concat_ws(':', id, user_id, expires_at, revoked_at), ',' order by id), ''))`,
};

export async function fingerprint(db: Db): Promise<string> {
  tableNames ??= (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'activity_logs'
          order by table_name`,
    )
  ).map((row) => row.name);
  const parts = tableNames.map(
    (name) =>
      `select '${name}' as name, count(*)::int as rows, ${versionOf[name] ?? rowVersions} as version from "${name}"`,
  );
  const rows = await queryRows<{ name: string; rows: number; version: string }>(db, sql.raw(parts.join(" union all ")));
  return rows.map((row) => `${row.name}:${row.rows}:${row.version}`).join("\n");
}
let tableNames: string[] | undefined;

/** Names the tables whose content differs between two fingerprints, for a readable failure. */
export function changedTables(before: string, after: string): string[] {
  const old = new Map(before.split("\n").map((line) => [line.split(":")[0], line]));
  return after
    .split("\n")
    .filter((line) => old.get(line.split(":")[0]) !== line)
    .map((line) => line.split(":")[0] ?? line);
}

/** A V8 stack frame ("    at fn (/path/file.ts:12:3)") or a source path: neither may reach a client. */
// redos-safe: runs on the app's answers to test requests (kilobytes): quadratic at worst on that.
const stackTrace = /\bat [^\n]*\((?:file:\/\/|\/)[^)\n]*:\d+:\d+\)|\n\s+at \S|node_modules\/|\/src\/[\w/-]+\.ts\b/;

export function hasStackTrace(text: string): boolean {
  return stackTrace.test(text);
}

/** A role holding every permission: a user with it is refused only for who they are, never for what they may do. */
export function createPowerUser(app: FastifyInstance, adminToken: string) {
  return createStaff(app, adminToken, allPermissionNames);
}

/** The id of the signed-in caller. */
export async function whoAmI(app: FastifyInstance, token: string): Promise<string> {
  const response = await call<{ _id: string }>(app, { url: "/api/users/get-user", token });
  if (response.status !== 200) throw new Error(`get-user failed: ${response.status}`);
  return response.body.data._id;
}

/**
 * How long a request holds the server, in milliseconds: its wall time, or the process's CPU time
 * where that is less (on a loaded machine the wall clock also counts other processes' turns; a
 * request that spins on the event loop burns CPU either way). Sent up to three times, the quickest
 * kept: one slow answer may be the machine's doing, a request slow every time is slow itself.
 * Stops at the first answer within the budget.
 */
export async function quickestRequest(budgetMs: number, send: () => Promise<LightMyRequestResponse>, tries = 3) {
  let best: { ms: number; response: LightMyRequestResponse } | undefined;
  for (let attempt = 0; attempt < tries && !(best && best.ms < budgetMs); attempt += 1) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const response = await send();
    const cpu = process.cpuUsage(cpuBefore);
    const ms = Math.min(performance.now() - started, (cpu.user + cpu.system) / 1000);
    if (!best || ms < best.ms) best = { ms, response };
  }
  if (!best) throw new Error("quickestRequest needs at least one try");
  return best;
}

/** The longest the event loop went without a turn while `work` ran, in milliseconds. */
export async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    await work();
    // One more turn, so that a stall at the very end is recorded too.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    histogram.disable();
  }
  return Math.round(histogram.max / 1e6);
}
