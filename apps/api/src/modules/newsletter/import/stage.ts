import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { isUniqueViolation } from "../../../lib/errors.ts";
import { suppressedAddressText } from "../suppressions.ts";
import { type ImportConnection, openImportConnection, type Statement } from "./connection.ts";

/**
 * Where new people's consent came from: the import itself, recorded once (recordImportConsent) and
 * referred to by id from each person it adds; never an address.
 */
export type ImportConsent = { consentId: string; consentAt: Date };

/**
 * What writing an import did: people added to the audience, people already there it touched, and
 * rows left out because their address is on the suppression list.
 */
export type BatchOutcome = { inserted: number; updated: number; suppressed: number };

type Writer = { connection: ImportConnection; batch: string };

/**
 * The database side of an import: each batch's rows go by COPY into a temporary table and are merged
 * into the audience from there in one transaction.
 *
 * On PostgreSQL two connections write at once, each with its own batch table, so the database works
 * on both cores while this process reads the file. Batches in flight together never share an address
 * (the file's repeats were merged before; see AddressSet). PGlite has one session and writes in turn.
 */
export type ImportStage = {
  /**
   * Writes rows (COPY text: line, id, email, name) in one transaction, once a writer is free. `fresh`:
   * none of their addresses was in the audience when the import began, so they are inserted without
   * looking each one up; one that is there by now (a sign-up meanwhile) sends the batch through the
   * full merge instead.
   */
  write(rows: Buffer, fresh?: boolean): Promise<BatchOutcome>;
  /** How many writes can run at once: more wait for a writer. */
  writers: number;
  /** PGlite: the writes share the app's one session and its thread. */
  shared: boolean;
  close(failed: boolean): Promise<void>;
};

export async function openImportStage(
  db: Db,
  jobId: string,
  fields: ImportConsent & { tagIds: string[] },
): Promise<ImportStage> {
  const suffix = jobId.replaceAll("-", "");
  const writers: Writer[] = [];
  try {
    const first = await openImportConnection(db);
    writers.push({ connection: first, batch: `import_batch_${suffix}_0` });
    if (!first.shared) writers.push({ connection: await openImportConnection(db), batch: `import_batch_${suffix}_1` });
    for (const { connection, batch } of writers) {
      await connection.query(
        // Emptied by each commit: cheaper than a TRUNCATE per batch, which on PGlite makes a new file
        // for the table through the emulated file system (5–6 ms a batch, a seventh of the import).
        `create temporary table ${batch} (line integer not null, id uuid not null, email text not null, name text) on commit delete rows`,
      );
    }
  } catch (error) {
    await closeAll(true);
    throw error;
  }
  const idle = [...writers];
  const waiting: ((writer: Writer) => void)[] = [];

  async function closeAll(failed: boolean) {
    for (const { connection, batch } of writers) {
      // A failed session is closed rather than pooled, which drops its tables; PGlite's one session
      // is shared with every request, so there they are dropped by name.
      const dropped =
        (!failed || connection.shared) &&
        (await connection.query(`drop table if exists ${batch}`).then(
          () => true,
          () => false,
        ));
      connection.release(!dropped);
    }
    if (!failed) mergePendingSearchEntries(db);
  }

  async function write(rows: Buffer, fresh = false): Promise<BatchOutcome> {
    const writer = idle.pop() ?? (await new Promise<Writer>((resolve) => waiting.push(resolve)));
    try {
      return await writeWith(writer, rows, fresh);
    } finally {
      const next = waiting.shift();
      if (next) next(writer);
      else idle.push(writer);
    }
  }

  async function writeWith({ connection, batch }: Writer, rows: Buffer, fresh: boolean): Promise<BatchOutcome> {
    const params = [fields.consentId, fields.consentAt, fields.tagIds];
    // One transaction from the COPY on: the batch table empties itself at its commit or rollback.
    const withBatch = (work: (query: Statement) => Promise<BatchOutcome>) =>
      connection.transaction(async ({ query, copy }) => {
        await copy(batch, rows);
        await query(batchSettingsSql(connection.shared));
        return work(query);
      });
    const merge = (guarded: boolean) =>
      withBatch(async (query) => {
        const merged = await query(mergeSql(batch, guarded), params);
        const counts = merged.rows[0] as { total: number; inserted: number; existing: number; suppressed: number };
        // Someone subscribed to one of these addresses while the batch ran: they get the tags too.
        if (counts.total > counts.inserted + counts.existing + counts.suppressed) {
          await query(relinkSql(batch), [fields.tagIds]);
        }
        return {
          inserted: counts.inserted,
          updated: counts.total - counts.inserted - counts.suppressed,
          suppressed: counts.suppressed,
        };
      });
    const insertFresh = () =>
      withBatch(async (query) => {
        const counts = (await query(freshSql(batch), params)).rows[0] as { total: number; inserted: number };
        return { inserted: counts.inserted, updated: 0, suppressed: counts.total - counts.inserted };
      });
    // The plain inserts are the fast paths; ON CONFLICT is kept for a batch that raced a sign-up.
    return (fresh ? insertFresh() : merge(false)).catch((error: unknown) => {
      if (isUniqueViolation(error)) return merge(true);
      throw error;
    });
  }

  return {
    write,
    writers: writers.length,
    shared: writers.some(({ connection }) => connection.shared),
    close: closeAll,
  };
}

/**
 * Enough pending list for about 130,000 addresses (90,000 fill 43 MB); a bigger import merges it into the index as it
 * fills, as PostgreSQL does for any insert. Not on PGlite: merging that much there is one statement that holds
 * the app for seconds, while the default 4 MB is merged a batch at a time for the same total cost.
 */
const pendingListKb = (shared: boolean) => (shared ? 4 * 1024 : 64 * 1024);

/**
 * For the batch's transaction. New addresses go to the search index's pending list, merged once the
 * import is over (mergePendingSearchEntries): far cheaper than threading each into the index as it
 * comes. On PGlite, new WAL files are not filled with zeros first: a batch writes about 1.6 kB of WAL
 * a row, and writing each 16 MB file twice through the emulated file system cost 4–5 µs a row (an
 * eighth of the import). PGlite runs with fsync off, so the zeros bought nothing; on PostgreSQL the
 * setting needs a superuser and is left to the server.
 */
const batchSettingsSql = (shared: boolean) =>
  shared
    ? `select set_config('gin_pending_list_limit', '${pendingListKb(shared)}kB', true), set_config('wal_init_zero', 'off', true)`
    : `set local gin_pending_list_limit = '${pendingListKb(shared)}kB'`;

/**
 * Searches read the pending list too, so the import's addresses are found at once; merging it into
 * the index keeps them fast. It runs after the import has answered, on a pooled connection, and a
 * failure only leaves the merge to autovacuum (or the next big insert).
 */
function mergePendingSearchEntries(db: Db) {
  db.execute(sql`select gin_clean_pending_list('subscribers_email_trgm_idx'::regclass)`).catch(() => {});
}

/**
 * One batch in one statement: new addresses are inserted as subscribed; existing people keep their
 * status (nobody unsubscribed is re-subscribed) and only gain a name they lacked; everyone gets the
 * tags. Unchanged rows are not rewritten (an update copies the row into every index), and each
 * address is looked up by index (a hash join would read the whole audience once per batch).
 * An address on the suppression list that is not in the audience (deleted, erased, or never added
 * after a bounce) is not added back: it is looked up in the same pass and counted. People still in
 * the audience are merged as ever, keeping their status.
 */
const mergeSql = (batch: string, guarded: boolean) => `
  with found as materialized (
    select b.line, b.id, b.email, b.name, s.id as old_id, s.name as old_name,
      s.id is null and ${suppressedAddressText("b.email")} as suppressed
    from ${batch} b
    left join lateral (
      select id, name from subscribers where lower(email) = lower(b.email) limit 1
    ) s on true
  ), inserted as (
    insert into subscribers (id, email, name, status, source, import_consent_id, consent_at, subscribed_at)
    select id, email, name, 'subscribed', 'import', $1::uuid, $2, $2 from found
    where old_id is null and not suppressed order by line
    ${guarded ? "on conflict (lower(email)) do nothing" : ""}
    returning id
  ), named as (
    update subscribers s set name = f.name, updated_at = $2
    from found f where s.id = f.old_id and f.old_name is null and f.name is not null
  ), linked as (
    insert into subscriber_tags (subscriber_id, tag_id)
    select i.id, t.id from inserted i cross join unnest($3::uuid[]) as t(id)
  ), relinked as (
    insert into subscriber_tags (subscriber_id, tag_id)
    select f.old_id, t.id from found f cross join unnest($3::uuid[]) as t(id) where f.old_id is not null
    on conflict do nothing
  )
  select count(*)::int as total, count(old_id)::int as existing, (select count(*) from inserted)::int as inserted,
    count(*) filter (where suppressed)::int as suppressed
  from found`;

/**
 * A batch none of whose addresses the audience held when the import began: inserted as subscribed
 * with the tags, without the merge's look-up of each address (a sixth of a PGlite import's time, decision 007).
 * The suppression list is still read, once a batch while it is empty, for every row otherwise.
 */
const freshSql = (batch: string) => `
  with inserted as (
    insert into subscribers (id, email, name, status, source, import_consent_id, consent_at, subscribed_at)
    select id, email, name, 'subscribed', 'import', $1::uuid, $2, $2 from ${batch} b
    where (select not exists (select 1 from suppressions where lifted_at is null))
      or not ${suppressedAddressText("b.email")}
    order by line
    returning id
  ), linked as (
    insert into subscriber_tags (subscriber_id, tag_id)
    select i.id, t.id from inserted i cross join unnest($3::uuid[]) as t(id)
  )
  select (select count(*) from ${batch})::int as total, (select count(*) from inserted)::int as inserted`;

const relinkSql = (batch: string) => `
  insert into subscriber_tags (subscriber_id, tag_id)
  select s.id, t.id from ${batch} b join subscribers s on lower(s.email) = lower(b.email)
  cross join unnest($1::uuid[]) as t(id)
  where not ${suppressedAddressText("b.email")}
  on conflict do nothing`;
