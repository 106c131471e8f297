import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { ImportMapping } from "@shop/shared/schemas/newsletter";
import type { Db } from "../../../db/client.ts";
import { dropRebuildableIndexes } from "../../../db/indexes.ts";
import { isLockUnavailable } from "../../../lib/errors.ts";
import type { AddressSet } from "./address-set.ts";
import { audienceSize, knownAddresses, onPool } from "./audience.ts";
import { BinaryRows, uuidField } from "./binary-rows.ts";
import { openImportConnection, type Session } from "./connection.ts";
import { CopyRows, copyText, createIdGenerator } from "./copy-rows.ts";
import { type ReadTally, readCsvRows } from "./read.ts";
import type { BatchOutcome, ImportConsent } from "./stage.ts";

/**
 * The bulk load, for a file bigger than the audience it joins (a first import, a move from another
 * tool). In one transaction the audience is locked, its indexes are dropped, new people go by COPY
 * straight into the tables, and the indexes are built again from the sorted whole. Building an index
 * costs a fraction of threading 100,000 rows into it one at a time (docs/decisions/007).
 *
 * The price is the lock: while it runs, nobody reads the audience, and sign-ups, confirmations and
 * unsubscribes are queued and applied once it is over (../pending-changes.ts). So it is used only while
 * that stays short, and on PostgreSQL only (on PGlite the index builds alone would hold the whole app):
 * for files of at least `minRows` rows, bigger than the audience, with both together under the
 * configured ceiling (IMPORT_BULK_MAX_ROWS). Anything else is merged a batch at a time
 * (stage.ts), and so is this file if the lock is not had within `lockWaitMs`.
 */

/** Below this a file is merged in one or two batches anyway: not worth a lock. */
const minRows = 10_000;
const lockWaitMs = 1_000;
/** Rows per COPY while the file is read. */
const copyBatch = 10_000;
/** How much of the file the row estimate reads. */
const sampleBytes = 64 * 1024;

/** The bulk load gave way (the lock was not had in time, or the file or audience is not what was planned). */
export class BulkDeclined extends Error {}

export type BulkInput = ImportConsent & {
  tagIds: string[];
  mapping?: ImportMapping;
  estimatedRows: number;
  maxRows: number;
};

/** Rows in a file of `bytes`, from the line length of its first 64 KB. */
export async function estimateRows(path: string, bytes: number): Promise<number> {
  const file = await open(path, "r");
  try {
    const sample = Buffer.alloc(Math.min(bytes, sampleBytes));
    const { bytesRead } = await file.read(sample, 0, sample.length, 0);
    let lines = 0;
    for (let at = sample.indexOf(10); at !== -1 && at < bytesRead; at = sample.indexOf(10, at + 1)) lines += 1;
    if (bytesRead >= bytes) return lines;
    return lines === 0 ? 0 : Math.round(bytes / (bytesRead / lines));
  } finally {
    await file.close();
  }
}

function worthBulk(estimatedRows: number, audience: number, maxRows: number): boolean {
  return estimatedRows >= minRows && audience < estimatedRows && audience + estimatedRows <= maxRows;
}

/** Whether an import of about `estimatedRows` should load in bulk, judged before taking any lock. */
export async function shouldLoadInBulk(db: Db, estimatedRows: number, maxRows: number): Promise<boolean> {
  if (estimatedRows < minRows || estimatedRows > maxRows) return false;
  return worthBulk(estimatedRows, await audienceSize(onPool(db), maxRows), maxRows);
}

/**
 * The suppression list, for the file's rows to be checked against as they are read. An erased
 * address is on it only as its SHA-256 (../suppressions.ts), so a row is hashed only when there are such.
 */
async function suppressedAddresses(tx: Session): Promise<(email: string) => boolean> {
  const listed = await tx.query("select lower(email) as email from suppressions where lifted_at is null");
  const emails = new Set(listed.rows.map((row) => String(row.email)));
  const hashed = [...emails].some((email) => email.startsWith("sha256:"));
  const hash = (email: string) => `sha256:${createHash("sha256").update(email).digest("hex")}`;
  return (email) => emails.has(email) || (hashed && emails.has(hash(email)));
}

/**
 * What every person of the file gets alike (status, source, consent) becomes the table's default
 * for the length of the COPY, so it is sent and parsed once, not once a row: parsing the consent's
 * JSON for every row was about half of the COPY's time in PostgreSQL (docs/decisions/007). `set`
 * makes them the defaults, `restore` puts back the table's own. Both run under the lock, inside the
 * transaction: nobody else sees the import's defaults, and a rollback undoes them as well.
 */
async function importDefaults(tx: Session, input: BulkInput): Promise<{ set: string; restore: string }> {
  const consentAt = input.consentAt.toISOString();
  const alike: [column: string, value: string][] = [
    ["status", "subscribed"],
    ["source", "import"],
    ["import_consent_id", input.consentId],
    ["consent_at", consentAt],
    ["subscribed_at", consentAt],
  ];
  const made = await tx.query(
    `select
       format('alter table subscribers %s', string_agg(format('alter column %I set default %L::%s',
         a.attname, c.value, format_type(a.atttypid, a.atttypmod)), ', ')) as "set",
       format('alter table subscribers %s', string_agg(case when d.adbin is null
         then format('alter column %I drop default', a.attname)
         else format('alter column %I set default %s', a.attname, pg_get_expr(d.adbin, d.adrelid)) end, ', ')) as "restore"
     from unnest($1::text[], $2::text[]) as c(name, value)
     join pg_attribute a on a.attrelid = 'subscribers'::regclass and a.attname = c.name
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum`,
    [alike.map(([column]) => column), alike.map(([, value]) => value)],
  );
  return { set: String(made.rows[0]?.set), restore: String(made.rows[0]?.restore) };
}

/**
 * Imports the file in one transaction (see above). Throws BulkDeclined, having changed nothing,
 * when the import should be merged a batch at a time instead; `report` is told the counts as it goes.
 */
export async function loadInBulk(
  db: Db,
  file: Readable,
  input: BulkInput,
  tally: ReadTally,
  report: (written: BatchOutcome) => void,
): Promise<BatchOutcome> {
  const connection = await openImportConnection(db);
  let failed = true;
  try {
    const outcome = await connection.transaction(async (tx) => {
      await tx.query(`set local lock_timeout = '${lockWaitMs}ms'`);
      await tx.query("lock table subscribers, subscriber_tags in access exclusive mode");
      const audience = await audienceSize(tx.query, input.maxRows);
      if (!worthBulk(input.estimatedRows, audience, input.maxRows)) throw new BulkDeclined("The audience grew");
      const known = await knownAddresses(tx.query, audience);
      const suppressed = await suppressedAddresses(tx);
      const rebuild = await dropRebuildableIndexes(tx, ["subscribers", "subscriber_tags"]);
      const defaults = await importDefaults(tx, input);
      await tx.query(defaults.set);
      const written = await copyNewPeople(tx, file, input, { known, suppressed }, tally, report);
      await tx.query(defaults.restore);
      for (const statement of rebuild) await tx.query(statement);
      const updated = await tagKnownPeople(tx, written.known, input);
      return { inserted: written.inserted, updated, suppressed: written.suppressed };
    });
    failed = false;
    return outcome;
  } catch (error) {
    if (isLockUnavailable(error)) throw new BulkDeclined("The audience is busy");
    throw error;
  } finally {
    connection.release(failed);
    // Declined before reading it, the file is still open.
    file.destroy();
  }
}

/**
 * Reads the file; people new to the audience are copied in (with their tags) while the rest of the
 * file is read, and people already there are kept aside for tagKnownPeople.
 */
async function copyNewPeople(
  tx: Session,
  file: Readable,
  input: BulkInput,
  addresses: { known: AddressSet; suppressed: (email: string) => boolean },
  tally: ReadTally,
  report: (written: BatchOutcome) => void,
) {
  const newId = createIdGenerator();
  const tagFields = input.tagIds.map(uuidField);
  const people = new BinaryRows();
  const links = new BinaryRows();
  const knownRows = new CopyRows();
  const { known, suppressed: isSuppressed } = addresses;
  let inserted = 0;
  let suppressed = 0;
  /** One COPY runs on the database while the next batch is read. */
  let copying: Promise<void> = Promise.resolve();
  let copyFailure: { error: unknown } | undefined;

  const flush = async () => {
    await copying;
    if (copyFailure) throw copyFailure.error;
    if (people.count === 0) return;
    const count = people.count;
    const rows = people.take();
    const tagged = links.take();
    copying = (async () => {
      // The other columns are alike for everyone: for now the table's defaults (importDefaults).
      const columns = "subscribers (id, email, name)";
      await tx.copy(columns, rows, "binary");
      await tx.copy("subscriber_tags (subscriber_id, tag_id)", tagged, "binary");
      inserted += count;
      report({ inserted, updated: knownRows.count, suppressed });
    })().catch((error: unknown) => {
      copyFailure ??= { error };
    });
  };

  try {
    await readCsvRows(
      file,
      tally,
      {
        onRow(line, email, name) {
          if (known.has(email)) {
            knownRows.add(`${line}\t${email}\t${name ? copyText(name.slice(0, 200)) : "\\N"}\n`);
            return;
          }
          // Not in the audience and on the suppression list: not added back (as in stage.ts).
          if (isSuppressed(email.toLowerCase())) {
            suppressed += 1;
            return;
          }
          people.row(3);
          const id = people.uuid(newId.write);
          people.text(email);
          people.text(name ? name.slice(0, 200) : null);
          for (const tag of tagFields) {
            links.row(2);
            links.uuidFrom(people, id);
            links.fields(tag);
          }
        },
        async afterPiece() {
          // The estimate was far off: the lock would be held too long.
          if (tally.rowsRead > 2 * input.maxRows) throw new BulkDeclined("The file is bigger than it looked");
          if (people.count >= copyBatch) await flush();
        },
      },
      { expectedRows: input.estimatedRows, ...(input.mapping && { mapping: input.mapping }) },
    );
    await flush();
  } finally {
    // A failure while a COPY runs: it ends before the transaction is rolled back.
    await copying;
  }
  if (copyFailure) throw copyFailure.error;
  return { inserted, suppressed, known: knownRows.count > 0 ? knownRows.take(knownRows.count) : undefined };
}

/**
 * People of the file already in the audience keep their status (nobody unsubscribed is
 * re-subscribed), gain a name they lacked, and get the tags. Runs once the indexes are back.
 */
async function tagKnownPeople(tx: Session, rows: Buffer | undefined, input: BulkInput): Promise<number> {
  if (!rows) return 0;
  await tx.query("create temporary table import_known (line integer, email text, name text) on commit drop");
  await tx.copy("import_known", rows);
  await tx.query(
    `update subscribers s set name = k.name, updated_at = now()
     from import_known k where lower(s.email) = k.email and s.name is null and k.name is not null`,
  );
  await tx.query(
    `insert into subscriber_tags (subscriber_id, tag_id)
     select s.id, t.id from import_known k join subscribers s on lower(s.email) = k.email
     cross join unnest($1::uuid[]) as t(id)
     on conflict do nothing`,
    [input.tagIds],
  );
  const counted = await tx.query("select count(*)::int as n from import_known");
  return Number(counted.rows[0]?.n ?? 0);
}
