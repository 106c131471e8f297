import { createReadStream } from "node:fs";
import type { ConsentSource, ImportMapping, ImportResult } from "@shop/shared/schemas/newsletter";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { importJobs } from "../../../db/schema/index.ts";
import { AppError } from "../../../lib/errors.ts";
import { forgetImportConsent, recordImportConsent } from "../import-consents.ts";
import { mergeInBatches } from "./batched.ts";
import { BulkDeclined, estimateRows, loadInBulk, shouldLoadInBulk } from "./bulk.ts";
import { sharesOneSession } from "./connection.ts";
import { emptyTally, fileEncoding, type ReadTally } from "./read.ts";
import type { BatchOutcome, ImportConsent } from "./stage.ts";

export type ImportFile = { path: string; bytes: number };

export type ImportInput = Omit<ImportConsent, "consentId"> & {
  /** The import's consent: recorded once when it begins, and each person it adds refers to it. */
  consentSource: ConsentSource;
  jobId: string;
  fileName: string;
  tagIds: string[];
  /** The columns staff chose; without it they are found by their header names. */
  mapping?: ImportMapping;
  /** The biggest audience (before and after) a bulk load may lock; 0 never locks it. */
  bulkMaxRows: number;
  /** Resolves when the requests waiting on this thread have been answered (or have waited long enough). */
  giveWay: () => Promise<void>;
};

/**
 * Imports a CSV (already on disk) into the audience: in bulk when the file outgrows the audience
 * and the lock that takes stays short (bulk.ts), otherwise a batch at a time
 * (batched.ts). Either way the job row tells the modal how far it has got.
 */
export async function importSubscribers(db: Db, file: ImportFile, given: ImportInput): Promise<ImportResult> {
  const input = { ...given, consentId: await recordImportConsent(db, given.consentSource) };
  await db
    .update(importJobs)
    .set({ fileName: input.fileName.slice(0, 200), bytesTotal: file.bytes, tagIds: input.tagIds })
    .where(eq(importJobs.id, input.jobId));
  const read = () => createReadStream(file.path, { highWaterMark: 64 * 1024 });
  let tally = emptyTally();
  /** Whether a batch has added anyone, who then refers to the consent. */
  let added = false;
  const report = (written: BatchOutcome) => {
    added ||= written.inserted > 0;
    return db
      .update(importJobs)
      .set(progressOf(tally, written))
      .where(eq(importJobs.id, input.jobId))
      .then(() => {});
  };

  try {
    // From the whole file before the first row: its first piece may be ASCII and the rest not UTF-8.
    const encoding = await fileEncoding(file.path);
    tally = emptyTally(encoding);
    let written: BatchOutcome | undefined;
    const estimatedRows = await estimateRows(file.path, file.bytes);
    // PGlite runs every statement on this thread with its one session: a bulk load's index builds
    // alone would hold every request for seconds, so there it merges a batch at a time (decision 007).
    if (!sharesOneSession(db) && (await shouldLoadInBulk(db, estimatedRows, input.bulkMaxRows))) {
      written = await loadInBulk(
        db,
        read(),
        { ...input, estimatedRows, maxRows: input.bulkMaxRows },
        tally,
        (counts) => {
          report(counts).catch(() => {});
        },
      ).catch((error: unknown) => {
        if (error instanceof BulkDeclined) return undefined;
        throw error;
      });
      // Declined part way: the file is read again from the start.
      if (!written) tally = emptyTally(encoding);
    }
    written ??= await mergeInBatches(db, read(), { ...input, estimatedRows }, tally, report);
    await finish(db, input.jobId, "finished", tally, written);
    return {
      jobId: input.jobId,
      importedCount: written.inserted,
      updatedCount: written.updated,
      skippedCount: tally.skippedCount,
      suppressedCount: written.suppressed,
      errors: tally.errors,
      ...(tally.encoding && { encoding: tally.encoding }),
    };
  } catch (error) {
    // A file refused for what it holds (found in its head, before any row is written) changes nothing.
    if (error instanceof AppError && error.statusCode < 500 && !added) await forgetImportConsent(db, input.consentId);
    await finish(db, input.jobId, "failed", tally);
    throw error;
  }
}

/** What the job row shows of an import under way. */
function progressOf(tally: ReadTally, written: BatchOutcome) {
  return {
    bytesRead: tally.bytesRead,
    rowsRead: tally.rowsRead,
    importedCount: written.inserted,
    updatedCount: written.updated,
    skippedCount: tally.skippedCount,
  };
}

async function finish(db: Db, jobId: string, status: "finished" | "failed", tally: ReadTally, written?: BatchOutcome) {
  await db
    .update(importJobs)
    .set({ status, finishedAt: new Date(), errors: tally.errors, ...(written && progressOf(tally, written)) })
    .where(eq(importJobs.id, jobId));
}
