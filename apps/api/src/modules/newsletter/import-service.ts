import type { Readable } from "node:stream";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { type ImportProgress, type ImportResult, newsletterCopy } from "@shop/shared/schemas/newsletter";
import { parse } from "csv-parse";
import { and, eq, lt, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../../db/client.ts";
import { importJobs } from "../../db/schema/index.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { pgArray, queryRows } from "../../lib/sql.ts";
import { createLineGuard } from "./line-guard.ts";

const batchSize = 10_000;
const maxReportedErrors = 100;
const maxLineBytes = 64 * 1024;

/** Close to what mail servers accept; the full RFC grammar is not worth its cost per row. */
const emailPattern = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[A-Za-z]{2,63}$/;

type Row = { email: string; name: string | null };
type ImportError = ImportResult["errors"][number];

export type ImportInput = {
  jobId: string;
  fileName: string;
  bytesTotal: number | null;
  tagIds: string[];
  createdBy: string | null;
  consentIp: string;
};

function findColumns(header: string[]) {
  const normal = header.map((cell) =>
    cell
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ""),
  );
  const email = normal.findIndex((cell) => ["email", "emailaddress", "e-mail", "mail"].includes(cell));
  const name = normal.findIndex((cell) => ["name", "fullname"].includes(cell));
  const first = normal.findIndex((cell) => ["firstname", "givenname"].includes(cell));
  const last = normal.findIndex((cell) => ["lastname", "surname", "familyname"].includes(cell));
  return { email, name, first, last };
}

/** Sniffs the separator from the header line: `;` (common in European exports) or `,`. */
function delimiterOf(firstChunk: string): string {
  const line = firstChunk.split(/\r?\n/, 1)[0] ?? "";
  return (line.match(/;/g)?.length ?? 0) > (line.match(/,/g)?.length ?? 0) ? ";" : ",";
}

function looksBinary(chunk: Buffer): boolean {
  return chunk.subarray(0, 4096).includes(0);
}

/**
 * Writes one batch: new addresses are inserted as subscribed, existing ones keep their status
 * (so nobody unsubscribed is re-subscribed), and every row in the batch gets the chosen tags.
 * One transaction per batch: a failure leaves no half-written batch.
 */
async function writeBatch(db: Db, rows: Row[], input: ImportInput): Promise<{ inserted: number; updated: number }> {
  const ids = rows.map(() => uuidv7());
  const emails = rows.map((row) => row.email);
  const names = rows.map((row) => row.name);
  const now = new Date();
  return db.transaction(async (tx) => {
    const returned = await queryRows<{ id: string; inserted: boolean }>(
      tx,
      sql`
      insert into subscribers (id, email, name, status, source, consent_ip, consent_at, subscribed_at)
      select r.id, r.email, r.name, 'subscribed', 'import', ${input.consentIp}, ${now}, ${now}
      from unnest(${pgArray(ids)}::uuid[], ${pgArray(emails)}::text[], ${pgArray(names)}::text[]) as r(id, email, name)
      on conflict (lower(email)) do update
        set name = coalesce(subscribers.name, excluded.name), updated_at = excluded.consent_at
      returning id, (xmax = 0) as inserted`,
    );
    if (input.tagIds.length > 0 && returned.length > 0) {
      await tx.execute(sql`
        insert into subscriber_tags (subscriber_id, tag_id)
        select s.id, t.id from unnest(${pgArray(returned.map((row) => row.id))}::uuid[]) as s(id)
        cross join unnest(${pgArray(input.tagIds)}::uuid[]) as t(id)
        on conflict do nothing`);
    }
    const inserted = returned.filter((row) => row.inserted === true).length;
    return { inserted, updated: returned.length - inserted };
  });
}

/**
 * Streams a CSV into the audience. Memory stays flat: rows are held one batch at a time, plus the
 * set of addresses already seen in this file (to merge duplicates within it).
 */
/** The job exists from the moment the upload starts, so the modal's progress polling never misses it. */
/** Resolves to true when this call made the job (a client may name one that already exists). */
export async function openImportJob(db: Db, jobId: string, createdBy: string | null): Promise<boolean> {
  const created = await db
    .insert(importJobs)
    .values({ id: jobId, fileName: "", createdBy })
    .onConflictDoNothing()
    .returning({ id: importJobs.id });
  return created.length > 0;
}

const heartbeatMs = 20_000;
/** A running job whose heartbeat is older than this was cut off (its process crashed or was killed). */
export const importStaleAfterMs = 120_000;

/**
 * Keeps the job's heartbeat fresh for as long as its request runs (the upload as well as the parse),
 * so a job left "running" by a killed process can be told apart from a slow one. Returns the stop.
 */
export function keepImportAlive(db: Db, jobId: string): () => void {
  const timer = setInterval(() => {
    db.update(importJobs)
      .set({ heartbeatAt: new Date() })
      .where(eq(importJobs.id, jobId))
      .catch(() => {
        // A missed beat is harmless: the next one, or the job's end, writes it.
      });
  }, heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A refused upload leaves nothing behind: the job it opened goes, and the client has its 4xx. */
export async function discardImportJob(db: Db, jobId: string): Promise<void> {
  await db.delete(importJobs).where(eq(importJobs.id, jobId));
}

export async function importSubscribers(db: Db, file: Readable, input: ImportInput): Promise<ImportResult> {
  await db
    .update(importJobs)
    .set({ fileName: input.fileName.slice(0, 200), bytesTotal: input.bytesTotal, tagIds: input.tagIds })
    .where(eq(importJobs.id, input.jobId));

  const result: ImportResult = { jobId: input.jobId, importedCount: 0, updatedCount: 0, skippedCount: 0, errors: [] };
  const seen = new Set<string>();
  let bytesRead = 0;
  let rowsRead = 0;
  let columns: ReturnType<typeof findColumns> | undefined;
  let batch: Row[] = [];

  const skip = (line: number, value: string, reason: string) => {
    result.skippedCount += 1;
    if (result.errors.length < maxReportedErrors) result.errors.push({ line, value: value.slice(0, 200), reason });
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const written = await writeBatch(db, batch, input);
    result.importedCount += written.inserted;
    result.updatedCount += written.updated;
    batch = [];
    await db
      .update(importJobs)
      .set({
        bytesRead,
        rowsRead,
        importedCount: result.importedCount,
        updatedCount: result.updatedCount,
        skippedCount: result.skippedCount,
      })
      .where(eq(importJobs.id, input.jobId));
    // Embedded PGlite runs on this thread: let waiting requests in between batches.
    await yieldToEventLoop();
  };

  try {
    let firstChunk = true;
    let parser: ReturnType<typeof parse> | undefined;
    const skipped: ImportError[] = [];
    const guard = createLineGuard(maxLineBytes, (line) =>
      skipped.push({ line, value: "", reason: `This line is longer than ${maxLineBytes / 1024} KB` }),
    );
    for await (const chunk of file) {
      const buffer = chunk as Buffer;
      bytesRead += buffer.length;
      if (firstChunk) {
        firstChunk = false;
        if (looksBinary(buffer)) throw new AppError(415, newsletterCopy.invalidFile);
        parser = parse({
          bom: true,
          delimiter: delimiterOf(buffer.toString("utf8", 0, Math.min(buffer.length, 8192))),
          relax_column_count: true,
          skip_empty_lines: true,
          skip_records_with_error: true,
          info: true,
        });
        parser.on("skip", (error: { lines?: number; message?: string }) => {
          skipped.push({ line: error.lines ?? 0, value: "", reason: "This line could not be read as CSV" });
        });
      }
      if (!parser) break;
      parser.write(guard(buffer));
      for (let record = parser.read(); record !== null; record = parser.read()) {
        await handle(record as { record: string[]; info: { lines: number } });
      }
      for (const error of skipped.splice(0)) skip(error.line, error.value, error.reason);
      if (batch.length >= batchSize) await flush();
    }
    if (!parser) throw badRequest("The file is empty");
    parser.end();
    for await (const record of parser) await handle(record as { record: string[]; info: { lines: number } });
    for (const error of skipped.splice(0)) skip(error.line, error.value, error.reason);
    if (!columns) throw badRequest("The file is empty");
    await flush();
    await db
      .update(importJobs)
      .set({
        status: "finished",
        bytesRead,
        rowsRead,
        importedCount: result.importedCount,
        updatedCount: result.updatedCount,
        skippedCount: result.skippedCount,
        errors: result.errors,
        finishedAt: new Date(),
      })
      .where(eq(importJobs.id, input.jobId));
    return result;
  } catch (error) {
    await db
      .update(importJobs)
      .set({ status: "failed", finishedAt: new Date(), errors: result.errors })
      .where(eq(importJobs.id, input.jobId));
    throw error;
  }

  async function handle({ record, info }: { record: string[]; info: { lines: number } }) {
    if (!columns) {
      columns = findColumns(record);
      if (columns.email < 0) throw badRequest("No email column found. Add a header row with an “email” column.");
      return;
    }
    rowsRead += 1;
    const raw = record[columns.email] ?? "";
    const email = raw.trim().toLowerCase();
    if (!emailPattern.test(email) || email.length > 254) return skip(info.lines, raw, "Invalid email address");
    if (seen.has(email)) return skip(info.lines, raw, "Duplicate in this file");
    seen.add(email);
    const cell = (index: number) => (index >= 0 ? (record[index] ?? "").trim() : "");
    const name = cell(columns.name) || [cell(columns.first), cell(columns.last)].filter(Boolean).join(" ") || null;
    batch.push({ email, name: name ? name.slice(0, 200) : null });
    if (batch.length >= batchSize) await flush();
  }
}

export async function importProgress(db: Db, jobId: string): Promise<ImportProgress | null> {
  const [found] = await db.select().from(importJobs).where(eq(importJobs.id, jobId));
  if (!found) return null;
  let job = found;
  // An import whose process died says so, instead of leaving its progress bar waiting for ever.
  // Polled every half second, so the write happens only for a job that has gone quiet.
  const staleBefore = new Date(Date.now() - importStaleAfterMs);
  if (job.status === "running" && job.heartbeatAt < staleBefore) {
    const [failed] = await db
      .update(importJobs)
      .set({ status: "failed", finishedAt: new Date() })
      .where(and(eq(importJobs.id, jobId), eq(importJobs.status, "running"), lt(importJobs.heartbeatAt, staleBefore)))
      .returning();
    job = failed ?? job;
  }
  return {
    jobId: job.id,
    status: job.status as ImportProgress["status"],
    rowsRead: job.rowsRead,
    bytesRead: job.bytesRead,
    bytesTotal: job.bytesTotal,
    importedCount: job.importedCount,
    updatedCount: job.updatedCount,
    skippedCount: job.skippedCount,
    errors: job.errors,
  };
}
