import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { queryRows } from "../../../lib/sql.ts";
import { AddressSet } from "./address-set.ts";

/** Runs one statement: an import connection's own (its transaction), or the app's pool through `onPool`. */
export type ReadRows = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export const onPool =
  (db: Db): ReadRows =>
  async (text) => ({ rows: await queryRows<Record<string, unknown>>(db, sql.raw(text)) });

/** The audience's size, counted no further than `limit` + 1. */
export async function audienceSize(read: ReadRows, limit: number): Promise<number> {
  const counted = await read(`select count(*)::int as n from (select 1 from subscribers limit ${limit + 1}) s`);
  return Number(counted.rows[0]?.n ?? 0);
}

/** The audience's addresses, lowercased, sent as one text: a few MB while the audience is small. */
export async function knownAddresses(read: ReadRows, audience: number): Promise<AddressSet> {
  const known = new AddressSet(audience);
  if (audience === 0) return known;
  const listed = await read(`select coalesce(string_agg(lower(email), E'\\n'), '') as list from subscribers`);
  for (const email of String(listed.rows[0]?.list ?? "").split("\n")) known.add(email);
  return known;
}
