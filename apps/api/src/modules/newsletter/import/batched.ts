import type { Readable } from "node:stream";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { ImportMapping } from "@shop/shared/schemas/newsletter";
import type { Db } from "../../../db/client.ts";
import type { AddressSet } from "./address-set.ts";
import { audienceSize, knownAddresses, onPool } from "./audience.ts";
import { CopyRows, copyText, createIdGenerator } from "./copy-rows.ts";
import { type ReadTally, readCsvRows } from "./read.ts";
import { type BatchOutcome, type ImportConsent, openImportStage } from "./stage.ts";

/**
 * Rows per transaction: a crash leaves whole batches only (the crash-import fault test counts on it).
 * PostgreSQL: 10,000. On PGlite a batch holds the app's one session and its thread, so it is sized by
 * time: each batch aims at `pgliteBatchMs` from how fast the last one went, within 1,000–4,000 rows.
 * A quiet machine gets fewer, bigger batches (each costs 3–5 ms over its rows: planning, the commit),
 * a busy one stays near 1,000, and a sign-up during the import waits at most about one batch
 * (decision 007).
 */
const pgliteBatchMs = 100;
/** 8,000 rows at 150 ms saved little more CPU and let the slowest sign-up reach 1.5–2.1 s at 1M rows (load 7–8). */
const pgliteRows = { min: 1_000, max: 4_000 };

function batchSizer(shared: boolean) {
  let rows = shared ? pgliteRows.min : 10_000;
  return {
    get rows() {
      return rows;
    },
    /** How long the last batch held the session. */
    took(batchRows: number, ms: number) {
      if (!shared) return;
      const fit = Math.round((batchRows * pgliteBatchMs) / Math.max(ms, 1));
      // Grows at most twofold a batch, so one fast batch on a machine turning busy does not overshoot.
      rows = Math.min(pgliteRows.max, Math.max(pgliteRows.min, Math.min(fit, rows * 2)));
    },
  };
}

/**
 * Up to this many people, the audience's addresses are read when an import begins, so that a batch
 * none of them holds skips the merge's look-up of each address (stage.ts, `fresh`): a first import,
 * or one much bigger than the audience. At 100,000 that read is about 5 MB and one statement of
 * about 0.1 s; a bigger audience merges every batch as before.
 */
const knownAudienceMax = 100_000;

/** The audience's addresses, lowercased, or null when it is bigger than knownAudienceMax. */
async function audienceIfSmall(db: Db): Promise<AddressSet | null> {
  const audience = await audienceSize(onPool(db), knownAudienceMax);
  return audience > knownAudienceMax ? null : knownAddresses(onPool(db), audience);
}

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
  const known = await audienceIfSmall(db);
  const stage = await openImportStage(db, input.jobId, input);
  const outcome: BatchOutcome = { inserted: 0, updated: 0, suppressed: 0 };
  /** Rows met for the first time, waiting to fill a batch. */
  const queued = new CopyRows();
  /** How many rows were queued, and taken into batches, since the file began. */
  let queuedRows = 0;
  let takenRows = 0;
  /** Which queued rows (by queuedRows) hold an address the audience had: their batch is merged. */
  const knownRows: number[] = [];
  let knownPassed = 0;
  /** Batches being written while the file is read on, as many as the stage has writers. */
  const writing = new Set<Promise<void>>();
  let writeFailure: { error: unknown } | undefined;
  const newId = createIdGenerator();
  const batchSize = batchSizer(stage.shared);

  const write = async (rows: Buffer, count: number, fresh: boolean) => {
    const started = performance.now();
    const written = await stage.write(rows, fresh);
    batchSize.took(count, performance.now() - started);
    outcome.inserted += written.inserted;
    outcome.updated += written.updated;
    outcome.suppressed += written.suppressed;
    await report(outcome);
    // Embedded PGlite runs on this thread with one session: requests go first between batches.
    await (stage.shared ? input.giveWay() : yieldToEventLoop());
  };
  const startWrite = async (count: number) => {
    if (writing.size >= stage.writers) await Promise.race(writing);
    if (writeFailure) throw writeFailure.error;
    // Fresh only when the audience was read and none of these rows' addresses was in it.
    const end = takenRows + count;
    const fresh = known !== null && (knownRows[knownPassed] ?? end) >= end;
    while ((knownRows[knownPassed] ?? end) < end) knownPassed += 1;
    takenRows = end;
    const written: Promise<void> = write(queued.take(count), count, fresh)
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
          if (known?.has(email)) knownRows.push(queuedRows);
          queuedRows += 1;
          queued.add(`${line}\t${newId.text()}\t${email}\t${name ? copyText(name.slice(0, 200)) : "\\N"}\n`);
        },
        async afterPiece() {
          while (queued.count >= batchSize.rows) await startWrite(batchSize.rows);
        },
      },
      { expectedRows: input.estimatedRows, ...(input.mapping && { mapping: input.mapping }) },
    );
    while (queued.count > 0) await startWrite(Math.min(queued.count, batchSize.rows));
    await Promise.all(writing);
    if (writeFailure) throw writeFailure.error;
    failed = false;
    return outcome;
  } finally {
    await Promise.all(writing);
    await stage.close(failed);
  }
}
