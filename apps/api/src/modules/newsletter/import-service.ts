import type { Readable } from "node:stream";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { type ImportResult, newsletterCopy } from "@shop/shared/schemas/newsletter";
import { eq } from "drizzle-orm";
import { V7Generator } from "uuidv7";
import type { Db } from "../../db/client.ts";
import { importJobs } from "../../db/schema/index.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { AddressSet } from "./address-set.ts";
import { CopyRows } from "./import-copy-rows.ts";
import { createCsvReader, sniffDelimiter, sniffNewline } from "./import-csv.ts";
import { openImportStage } from "./import-stage.ts";

/** Rows per transaction: a crash leaves whole batches only (the crash-import fault test counts on it). */
const batchSize = 10_000;
const maxReportedErrors = 100;
const maxLineChars = 64 * 1024;
const repeated = "Duplicate in this file";

/**
 * Close to what mail servers accept; the full RFC grammar is not worth its cost per row. Nothing it
 * accepts needs escaping in COPY text.
 */
const emailPattern = /^[^\s@"<>(),;:\\[\]\0]+@[^\s@"<>(),;:\\[\]\0]+\.[A-Za-z]{2,63}$/;
/** What COPY's text format cannot hold as is; NUL cannot be stored in text at all, so it goes. */
const copySpecial = /[\\\t\n\r\0]/g;
const copyEscapes: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\0": "" };

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

/** uuidv7's own generator asks the system for randomness every few ids; an import wants 100,000. */
function createIdGenerator(): () => string {
  const random = new Uint32Array(4096);
  let next = random.length;
  const generator = new V7Generator({
    nextUint32() {
      if (next === random.length) {
        crypto.getRandomValues(random);
        next = 0;
      }
      return random[next++] ?? 0;
    },
  });
  return () => generator.generate().toString();
}

function looksBinary(chunk: Buffer): boolean {
  return chunk.subarray(0, 4096).includes(0);
}

function copyText(value: string): string {
  return value.replace(copySpecial, (c) => copyEscapes[c] ?? "");
}

/**
 * Streams a CSV into the audience. The file is read a piece at a time and written a batch at a time;
 * what grows with it is only the compact set of addresses met (a few MB per 100,000 rows).
 */
export async function importSubscribers(db: Db, file: Readable, input: ImportInput): Promise<ImportResult> {
  await db
    .update(importJobs)
    .set({ fileName: input.fileName.slice(0, 200), bytesTotal: input.bytesTotal, tagIds: input.tagIds })
    .where(eq(importJobs.id, input.jobId));

  const result: ImportResult = { jobId: input.jobId, importedCount: 0, updatedCount: 0, skippedCount: 0, errors: [] };
  const stage = await openImportStage(db, input.jobId, input);
  let bytesRead = 0;
  let rowsRead = 0;
  let columns: ReturnType<typeof findColumns> | undefined;
  /** Every address met so far: a repeat is merged into its first row however far apart they are. */
  const seen = new AddressSet();
  /** Rows met for the first time, waiting to fill a batch. */
  const queued = new CopyRows();
  /** Batches being written while the file is read on, as many as the stage has writers. */
  const writing = new Set<Promise<void>>();
  let writeFailure: { error: unknown } | undefined;
  const newId = createIdGenerator();

  const skip = (line: number, value: string, reason: string) => {
    result.skippedCount += 1;
    if (result.errors.length < maxReportedErrors) result.errors.push({ line, value: value.slice(0, 200), reason });
  };
  const write = async (rows: Buffer) => {
    const written = await stage.write(rows);
    result.importedCount += written.inserted;
    result.updatedCount += written.updated;
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
  const startWrite = async (rows: Buffer) => {
    if (writing.size >= stage.writers) await Promise.race(writing);
    if (writeFailure) throw writeFailure.error;
    const written: Promise<void> = write(rows)
      .catch((error: unknown) => {
        writeFailure ??= { error };
      })
      .finally(() => writing.delete(written));
    writing.add(written);
  };
  const onRecord = (record: string[], line: number) => {
    if (!columns) {
      columns = findColumns(record);
      if (columns.email < 0) throw badRequest("No email column found. Add a header row with an “email” column.");
      return;
    }
    rowsRead += 1;
    const cell = record[columns.email] ?? "";
    const email = cell.trim().toLowerCase();
    if (!emailPattern.test(email) || email.length > 254) return skip(line, cell, "Invalid email address");
    // The first of two equal addresses is the one kept.
    if (!seen.add(email)) return skip(line, cell, repeated);
    const value = (index: number) => (index >= 0 ? (record[index] ?? "").trim() : "");
    const name = value(columns.name) || [value(columns.first), value(columns.last)].filter(Boolean).join(" ");
    queued.add(`${line}\t${newId()}\t${email}\t${name ? copyText(name.slice(0, 200)) : "\\N"}\n`);
  };

  let failed = true;
  try {
    const decoder = new TextDecoder();
    let reader: ReturnType<typeof createCsvReader> | undefined;
    for await (const piece of file) {
      const buffer = piece as Buffer;
      bytesRead += buffer.length;
      const text = decoder.decode(buffer, { stream: true });
      if (!reader) {
        if (looksBinary(buffer)) throw new AppError(415, newsletterCopy.invalidFile);
        reader = createCsvReader({
          delimiter: sniffDelimiter(text.slice(0, 8192)),
          newline: sniffNewline(text.slice(0, 8192)),
          maxRecordChars: maxLineChars,
          onRecord,
          onError: (line, reason) => skip(line, "", reason),
        });
      }
      reader.push(text);
      while (queued.count >= batchSize) await startWrite(queued.take(batchSize));
    }
    if (!reader) throw badRequest("The file is empty");
    reader.push(decoder.decode());
    reader.end();
    if (!columns) throw badRequest("The file is empty");
    if (queued.count > 0) await startWrite(queued.take(queued.count));
    await Promise.all(writing);
    if (writeFailure) throw writeFailure.error;
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
    failed = false;
    return result;
  } catch (error) {
    await Promise.all(writing);
    await db
      .update(importJobs)
      .set({ status: "failed", finishedAt: new Date(), errors: result.errors })
      .where(eq(importJobs.id, input.jobId));
    throw error;
  } finally {
    await stage.close(failed);
  }
}
