import type { Readable } from "node:stream";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { ImportMapping } from "@shop/shared/schemas/newsletter";
import type { Db } from "../../../db/client.ts";
import { sharesOneSession } from "./connection.ts";
import { CopyRows, copyText, createIdGenerator } from "./copy-rows.ts";
import { type ReadTally, readCsvRows } from "./read.ts";
import { type BatchOutcome, type ImportConsent, openImportStage } from "./stage.ts";

/**
 * Rows per transaction: a crash leaves whole batches only (the crash-import fault test counts on it).
 * On PGlite a batch holds the app's one session and its thread, so it is cut to keep sign-ups during
 * the import answered well within a second, even on a busy machine (decision 007).
 */
const batchRows = (db: Db) => (sharesOneSession(db) ? 1_000 : 10_000);

export type BatchedInput = ImportConsent & {
  jobId: string;
  tagIds: string[];
  mapping?: ImportMapping;
  estimatedRows: number;
  /** Resolves when the requests waiting on this thread have been answered (or have waited long enough). */
  giveWay: () => Promise<void>;
};

/**
 * Imports the file a batch at a time, each batch merged into the audience in its own transaction
 * (stage.ts) while the file is read on. Nothing is locked beyond the rows a batch writes.
 */
export async function mergeInBatches(
  db: Db,
  file: Readable,
  input: BatchedInput,
  tally: ReadTally,
  report: (written: BatchOutcome) => Promise<void>,
): Promise<BatchOutcome> {
  const stage = await openImportStage(db, input.jobId, input);
  const outcome: BatchOutcome = { inserted: 0, updated: 0, suppressed: 0 };
  /** Rows met for the first time, waiting to fill a batch. */
  const queued = new CopyRows();
  /** Batches being written while the file is read on, as many as the stage has writers. */
  const writing = new Set<Promise<void>>();
  let writeFailure: { error: unknown } | undefined;
  const newId = createIdGenerator();
  const batchSize = batchRows(db);

  const write = async (rows: Buffer) => {
    const written = await stage.write(rows);
    outcome.inserted += written.inserted;
    outcome.updated += written.updated;
    outcome.suppressed += written.suppressed;
    await report(outcome);
    // Embedded PGlite runs on this thread with one session: requests go first between batches.
    await (stage.shared ? input.giveWay() : yieldToEventLoop());
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

  let failed = true;
  try {
    await readCsvRows(
      file,
      tally,
      {
        onRow(line, email, name) {
          queued.add(`${line}\t${newId.text()}\t${email}\t${name ? copyText(name.slice(0, 200)) : "\\N"}\n`);
        },
        async afterPiece() {
          while (queued.count >= batchSize) await startWrite(queued.take(batchSize));
        },
      },
      { expectedRows: input.estimatedRows, ...(input.mapping && { mapping: input.mapping }) },
    );
    if (queued.count > 0) await startWrite(queued.take(queued.count));
    await Promise.all(writing);
    if (writeFailure) throw writeFailure.error;
    failed = false;
    return outcome;
  } finally {
    await Promise.all(writing);
    await stage.close(failed);
  }
}
