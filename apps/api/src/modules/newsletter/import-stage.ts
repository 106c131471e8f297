import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { type ImportConnection, openImportConnection } from "./import-connection.ts";

export type BatchOutcome = { inserted: number; updated: number };

type Writer = { connection: ImportConnection; batch: string };

/**
 * The database side of an import, in temporary tables: `seen` holds every address met so far in the
 * file, so duplicates within it are merged however far apart they are while the server's memory stays
 * flat; `chunk` takes each chunk's addresses and `batch` each batch's rows, both by COPY.
 *
 * On PostgreSQL the checks have a connection and the writes two more, each with its own `batch`:
 * a chunk is checked while two batches are written, and the database works on both cores. Batches
 * in flight together never share an address (`seen` gave each to one batch). PGlite has one session
 * and does it all in turn.
 */
export type ImportStage = {
  /**
   * Takes a chunk's addresses (COPY text: position in the chunk, email) and answers those met before,
   * in this chunk or an earlier one, in order of position.
   */
  repeats(emails: Buffer): Promise<{ position: number; email: string }[]>;
  /** Writes rows (COPY text: line, id, email, name) in one transaction, once a writer is free. */
  write(rows: Buffer): Promise<BatchOutcome>;
  /** How many writes can run at once: more wait for a writer. */
  writers: number;
  close(failed: boolean): Promise<void>;
};

export async function openImportStage(
  db: Db,
  jobId: string,
  fields: { consentIp: string; tagIds: string[] },
): Promise<ImportStage> {
  const suffix = jobId.replaceAll("-", "");
  const seen = `import_seen_${suffix}`;
  const chunk = `import_chunk_${suffix}`;
  const checker = await openImportConnection(db);
  const writers: Writer[] = [];
  try {
    for (let index = 0; index < (checker.shared ? 1 : 2); index += 1) {
      const connection = checker.shared ? checker : await openImportConnection(db);
      writers.push({ connection, batch: `import_batch_${suffix}_${index}` });
    }
    await checker.query(`create temporary table ${seen} (email text primary key, position integer not null)`);
    await checker.query(`create temporary table ${chunk} (position integer not null, email text not null)`);
    for (const { connection, batch } of writers) {
      await connection.query(
        `create temporary table ${batch} (line integer not null, id uuid not null, email text not null, name text)`,
      );
    }
  } catch (error) {
    await closeAll(true);
    throw error;
  }
  const idle = [...writers];
  const waiting: ((writer: Writer) => void)[] = [];

  async function closeAll(failed: boolean) {
    const dropping = !failed || checker.shared;
    const drop = async (connection: ImportConnection, tables: string) => {
      const dropped =
        dropping &&
        (await connection.query(`drop table if exists ${tables}`).then(
          () => true,
          () => false,
        ));
      connection.release(!dropped);
    };
    const own = (connection: ImportConnection) =>
      writers.filter((writer) => writer.connection === connection).map((writer) => writer.batch);
    for (const { connection } of writers)
      if (connection !== checker) await drop(connection, own(connection).join(", "));
    await drop(checker, [seen, chunk, ...own(checker)].join(", "));
  }

  async function write(rows: Buffer): Promise<BatchOutcome> {
    const writer = idle.pop() ?? (await new Promise<Writer>((resolve) => waiting.push(resolve)));
    try {
      return await writeWith(writer, rows);
    } finally {
      const next = waiting.shift();
      if (next) next(writer);
      else idle.push(writer);
    }
  }

  async function writeWith({ connection, batch }: Writer, rows: Buffer): Promise<BatchOutcome> {
    await connection.query(`truncate ${batch}`);
    await connection.copy(batch, rows);
    const params = [fields.consentIp, new Date(), fields.tagIds];
    const merge = (guarded: boolean) =>
      connection.transaction(async (query) => {
        const merged = await query(mergeSql(batch, guarded), params);
        const counts = merged.rows[0] as { total: number; inserted: number; existing: number };
        // Someone subscribed to one of these addresses while the batch ran: they get the tags too.
        if (counts.total > counts.inserted + counts.existing) await query(relinkSql(batch), [fields.tagIds]);
        return { inserted: counts.inserted, updated: counts.total - counts.inserted };
      });
    // The plain insert is the fast path; ON CONFLICT is kept for a batch that raced a sign-up.
    return merge(false).catch((error: unknown) => {
      if (isUniqueViolation(error)) return merge(true);
      throw error;
    });
  }

  return {
    async repeats(emails) {
      await checker.query(`truncate ${chunk}`);
      await checker.copy(chunk, emails);
      // Inserted in the file's order, so the first of two equal addresses is the one kept. Only the
      // repeats come back: in most files they are few.
      const found = await checker.query(`
        with fresh as (
          insert into ${seen} (email, position) select email, position from ${chunk} order by position
          on conflict do nothing returning position
        )
        select c.position, c.email from ${chunk} c where c.position not in (select position from fresh)
        order by c.position`);
      return found.rows as { position: number; email: string }[];
    },

    write,
    writers: writers.length,
    close: closeAll,
  };
}

/**
 * One batch in one statement: new addresses are inserted as subscribed; existing people keep their
 * status (nobody unsubscribed is re-subscribed) and only gain a name they lacked; everyone gets the
 * tags. Unchanged rows are not rewritten (an update copies the row into every index), and each
 * address is looked up by index (a hash join would read the whole audience once per batch).
 */
const mergeSql = (batch: string, guarded: boolean) => `
  with found as materialized (
    select b.line, b.id, b.email, b.name, s.id as old_id, s.name as old_name from ${batch} b
    left join lateral (
      select id, name from subscribers where lower(email) = lower(b.email) limit 1
    ) s on true
  ), inserted as (
    insert into subscribers (id, email, name, status, source, consent_ip, consent_at, subscribed_at)
    select id, email, name, 'subscribed', 'import', $1, $2, $2 from found where old_id is null order by line
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
  select count(*)::int as total, count(old_id)::int as existing, (select count(*) from inserted)::int as inserted
  from found`;

const relinkSql = (batch: string) => `
  insert into subscriber_tags (subscriber_id, tag_id)
  select s.id, t.id from ${batch} b join subscribers s on lower(s.email) = lower(b.email)
  cross join unnest($1::uuid[]) as t(id)
  on conflict do nothing`;
