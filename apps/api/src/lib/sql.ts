import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A regular expression (for PostgreSQL's ~* and regexp_replace(…, 'gi')) that matches any of `texts`
 * as written: every ASCII character that is not a letter or digit is escaped, so an address's dots
 * and pluses mean themselves. Used to redact an erased person's address inside free text.
 */
export function literalPattern(texts: readonly string[]): string {
  return texts.map((text) => text.replace(/[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/g, (c) => `\\${c}`)).join("|");
}

/**
 * An address where it stands on its own: not preceded by what continues a local part (a letter, digit
 * or one of . _ + -) and not followed by more domain (a letter or digit, or . or - before one). So
 * erasing erin@example.com leaves bob.erin@example.com, merin@example.com and erin@example.com.au,
 * other people's addresses, whole; a quote, =, / or space before it is punctuation, not address.
 */
export function standaloneAddressPattern(address: string): string {
  return `(?<![a-z0-9._+-])${literalPattern([address])}(?![a-z0-9]|[.-][a-z0-9])`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** A prepared statement's name: a hash of its text, so one text has one name on every connection. */
const statementName = (text: string) => `q_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;

type Preparable = { toSQL(): { sql: string }; prepare(name: string): unknown };

/**
 * Statements for hot paths, built once and prepared by name: drizzle would otherwise build the query
 * again on every call, and PostgreSQL parse and plan it. Kept per database (tests open several) and
 * per key (the query's shape); `build` runs on a key's first use, with placeholders for the values.
 */
export function preparedStatements<Q extends Preparable>() {
  type Prepared = ReturnType<Q["prepare"]>;
  const byDatabase = new WeakMap<Db, Map<string, Prepared>>();
  return (db: Db, key: string, build: () => Q): Prepared => {
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = new Map();
      byDatabase.set(db, statements);
    }
    let statement = statements.get(key);
    if (!statement) {
      const query = build();
      statement = query.prepare(statementName(query.toSQL().sql)) as Prepared;
      statements.set(key, statement);
    }
    return statement;
  };
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
