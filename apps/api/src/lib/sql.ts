import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
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

/**
 * Runs a query as a named prepared statement whose name is a hash of its SQL text, so PostgreSQL
 * parses and plans each query shape once per connection instead of on every request.
 */
export function executePrepared<R>(query: Preparable<R>): Promise<R> {
  const name = `q_${createHash("sha1").update(query.toSQL().sql).digest("hex").slice(0, 20)}`;
  return query.prepare(name).execute();
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
