/** One session's query runner: temporary work such as a dropped index lives as long as its transaction. */
type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Drops the indexes of `tables` that can be built again — plain indexes, and primary and unique
 * constraints no foreign key leans on — and returns the statements that build them, keys first
 * (if one no longer held, the caller fails before the slow builds). Read from the catalogue, so an
 * index added later is covered as made. Run inside a transaction that holds the tables locked: a
 * load into index-free tables followed by one build from the sorted whole costs a fraction of
 * threading the rows into each index one at a time (docs/decisions/007).
 */
export async function dropRebuildableIndexes(session: { query: Query }, tables: string[]): Promise<string[]> {
  const found = await session.query(
    `select format('drop index %s', i.indexrelid::regclass) as "drop", pg_get_indexdef(i.indexrelid) as "create", 1 as ord
    from pg_index i
    where i.indrelid = any($1::regclass[])
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    union all
    select format('alter table %s drop constraint %I', c.conrelid::regclass, c.conname),
      format('alter table %s add constraint %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)), 0
    from pg_constraint c
    where c.conrelid = any($1::regclass[]) and c.contype in ('p', 'u')
      and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)
    order by ord`,
    [tables],
  );
  for (const row of found.rows) await session.query(String(row.drop));
  return found.rows.map((row) => String(row.create));
}
