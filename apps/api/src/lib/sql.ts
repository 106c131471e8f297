import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

type Preparable<R> = { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<R> } };

/** What drizzle's query builders hold internally (0.45): the SQL tree and the dialect that prints it. */
type BuilderInternals = {
  getSQL?: () => SQL;
  dialect?: { sqlToQuery: (sql: SQL, ...rest: unknown[]) => { sql: string } };
};

const statementName = (text: string) => `q_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;

/**
 * Runs a query as a named prepared statement whose name is a hash of its SQL text, so PostgreSQL
 * parses and plans each query shape once per connection instead of on every request.
 *
 * The name needs the SQL text before drizzle prepares, and drizzle builds that text again inside
 * prepare(): building it once and handing the result to prepare() saves the second build (query
 * building was about a sixth of the server's CPU under load). The hand-over patches the builder
 * for the synchronous span of prepare() only, and falls back to building twice if drizzle's
 * internals ever differ.
 */
export function executePrepared<R>(query: Preparable<R>): Promise<R> {
  const internals = query as unknown as BuilderInternals;
  const dialect = internals.dialect;
  if (typeof internals.getSQL !== "function" || typeof dialect?.sqlToQuery !== "function") {
    return query.prepare(statementName(query.toSQL().sql)).execute();
  }
  const tree = internals.getSQL();
  const built = dialect.sqlToQuery(tree);
  const print = dialect.sqlToQuery;
  internals.getSQL = () => tree;
  dialect.sqlToQuery = function (this: unknown, sql: SQL, ...rest: unknown[]) {
    return sql === tree ? built : print.call(this, sql, ...rest);
  };
  try {
    return query.prepare(statementName(built.sql)).execute();
  } finally {
    dialect.sqlToQuery = print;
  }
}

/** A date-range bound: a bare day covers the whole day (UTC); a timestamp is taken as given. */
export function dayBoundary(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${end ? "23:59:59.999" : "00:00:00.000"}Z`);
  return new Date(value);
}

/** Rows of a raw statement. Both drivers answer `{ rows }`; the shared database type only says `unknown`. */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A JS array as a PostgreSQL array literal ('{"a","b",NULL}'). node-postgres converts arrays by
 * itself but PGlite does not, so raw statements pass this and cast it (::uuid[], ::text[]).
 */
export function pgArray(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? "NULL" : `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)).join(",")}}`;
}

/**
 * Keyset paging in (created_at desc, id desc) order: the rows after the one with `lastId`.
 * The boundary's timestamp is read in SQL, not passed back from JavaScript: a Date keeps
 * milliseconds while PostgreSQL keeps microseconds, and rows sharing the boundary's millisecond
 * (a whole import batch shares one now()) would be skipped.
 */
export function olderThanRow(table: "subscribers" | "contacts" | "activity_logs", lastId: string): SQL {
  const outer = sql.raw(`("${table}"."created_at", "${table}"."id")`);
  return sql`${outer} < (select boundary.created_at, boundary.id from ${sql.raw(`"${table}"`)} boundary where boundary.id = ${lastId})`;
}
