import type { PGlite } from "@electric-sql/pglite";

/** PostgreSQL's default autovacuum_naptime: how often its launcher looks for tables to vacuum. */
export const autovacuumNaptimeMs = 60_000;

/**
 * The table most overdue for autovacuum's work by PostgreSQL's own rules and settings (read from the
 * database, so a changed setting applies): VACUUM past autovacuum_vacuum_threshold +
 * autovacuum_vacuum_scale_factor × rows dead (50 + 0.2 × rows by default), past the insert threshold
 * (1,000 + 0.2 × rows inserted since the last vacuum), or when its oldest unfrozen transaction id is
 * older than autovacuum_freeze_max_age; ANALYZE past autovacuum_analyze_threshold +
 * autovacuum_analyze_scale_factor × rows changed since the last one (50 + 0.1 × rows). System
 * catalogs count (each import's temporary tables leave dead rows in pg_class and pg_attribute);
 * temporary tables do not: an import is using them.
 */
const mostOverdue = `
  with limits as (select
    current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
    current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
    current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
    current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
    current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
    current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale,
    current_setting('autovacuum_freeze_max_age')::int as freeze_max_age),
  tables as (
    select format('%I.%I', s.schemaname, s.relname) as name,
      s.n_dead_tup / (vacuum_base + vacuum_scale * greatest(c.reltuples, 0)) as dead,
      s.n_ins_since_vacuum / (insert_base + insert_scale * greatest(c.reltuples, 0)) as inserted,
      s.n_mod_since_analyze / (analyze_base + analyze_scale * greatest(c.reltuples, 0)) as changed,
      age(c.relfrozenxid) > freeze_max_age as too_old
    from pg_stat_all_tables s join pg_class c on c.oid = s.relid, limits
    where c.relkind in ('r', 'm') and c.relpersistence <> 't')
  select name, dead > 1 or inserted > 1 or too_old as vacuum, changed > 1 as analyze
  from tables where dead > 1 or inserted > 1 or changed > 1 or too_old
  order by too_old desc, greatest(dead, inserted, changed) desc
  limit 1`;

/** Imports under way on each PGlite: the timed maintenance waits for them (holdMaintenance). */
const holds = new WeakMap<PGlite, number>();

/**
 * For work that writes much of a table and ends soon (an import's batches): until the returned release
 * is called, the timer below starts nothing. A VACUUM between two batches held the app's thread for
 * 1.3–1.6 s on a half-imported 1M audience, the longest wait of every sign-up during the import, and
 * was to be done again once the table had finished growing. Releasing twice releases once.
 */
export function holdMaintenance(client: PGlite): () => void {
  holds.set(client, (holds.get(client) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds.set(client, (holds.get(client) ?? 1) - 1);
  };
}

/**
 * PGlite runs no autovacuum, so the dead row versions every UPDATE and DELETE leaves are never
 * cleared (a campaign send leaves two per recipient) and the planner's statistics are never
 * refreshed. This does autovacuum's job on a timer: each tick VACUUMs and/or ANALYZEs the one table
 * most past PostgreSQL's thresholds, so the main thread, which serves every request, is held for one
 * table's work at a time (decision 002 has the durations). A tick does not start while the last is
 * still running, nor while an import holds it (holdMaintenance); it then takes what is most overdue.
 * Errors are swallowed: the next tick tries again.
 */
export function vacuumOnATimer(client: PGlite, everyMs: number): () => void {
  let running = false;
  const tick = async () => {
    const { rows } = await client.query<{ name: string; vacuum: boolean; analyze: boolean }>(mostOverdue);
    const [table] = rows;
    if (!table || client.closed) return;
    const work = table.vacuum ? `vacuum${table.analyze ? " (analyze)" : ""}` : "analyze";
    await client.exec(`${work} ${table.name}`);
  };
  const timer = setInterval(() => {
    if (running || client.closed || (holds.get(client) ?? 0) > 0) return;
    running = true;
    tick()
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
