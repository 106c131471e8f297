import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { escapeLike, queryRows } from "../src/lib/sql.ts";

/**
 * Each table of the public schema with how many of its rows contain `text` anywhere, as text: an
 * erasure check that does not depend on knowing where the shop wrote an address.
 */
export async function tablesNaming(app: FastifyInstance, text: string): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    app.db,
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text ilike ${`%${escapeLike(text)}%`}`,
    );
    if (row && row.n > 0) found[name] = row.n;
  }
  return found;
}
