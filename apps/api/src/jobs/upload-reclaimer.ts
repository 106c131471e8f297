import { recordActivity } from "../core/activity-log.ts";
import type { Db } from "../db/client.ts";
import { loggableError } from "../lib/errors.ts";
import { forgetPastUploads } from "../modules/uploads/allowance.ts";
import { type Reclaimed, reclaimUnusedUploads } from "../modules/uploads/reclaim.ts";
import type { FileStore } from "../modules/uploads/storage.ts";
import { takeTurn } from "./job-turns.ts";

export type UploadReclaimer = {
  /** Checks every `checkMs` whether the turn is due, and once at once. */
  start(): void;
  /** Stops checking, after the run in hand. */
  stop(): Promise<void>;
  /** Reclaims if this period's turn is free, and takes it; null when another instance has it. */
  runOnce(): Promise<Reclaimed | null>;
};

/** A Fastify/pino logger fits; the worker passes a JSON-lines one. */
export type ReclaimLog = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

const job = "upload-reclaim";

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * Deletes uploaded images no record uses (modules/uploads/reclaim.ts) once an hour, by one instance
 * of however many run (a turn in the database, jobs/job-turns.ts), and forgets upload counts that no
 * longer count against anyone's allowance. Runs where the mail outbox runs (SENDER=on, or the
 * worker), which must see the same UPLOADS_DIR as the instances that take uploads.
 */
export function createUploadReclaimer(deps: {
  db: Db;
  store: FileStore;
  log: ReclaimLog;
  everyMs?: number;
  checkMs?: number;
}): UploadReclaimer {
  const { db, store, log } = deps;
  const everyMs = deps.everyMs ?? 3_600_000;
  const checkMs = deps.checkMs ?? 300_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function runOnce(): Promise<Reclaimed | null> {
    if (!(await takeTurn(db, job, everyMs))) return null;
    await forgetPastUploads(db);
    const reclaimed = await reclaimUnusedUploads(db, store);
    if (reclaimed.files > 0 || reclaimed.bytes > 0) {
      const { images, bytes } = reclaimed;
      log.info({ ...reclaimed }, "uploads: reclaimed unused images");
      // In the activity log with staff's own changes, where an image that went missing would be looked for.
      await recordActivity(db, {
        module: "upload",
        action: "Reclaim unused images",
        status: "Success",
        description: `Removed ${images} unused image${images === 1 ? "" : "s"} (${megabytes(bytes)})`,
        userId: null,
        ipAddress: null,
      });
    }
    return reclaimed;
  }

  function tick(): void {
    running = running
      .then(runOnce)
      .catch((error: unknown) => log.error({ err: loggableError(error) }, "uploads: could not reclaim unused images"));
  }

  return {
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, checkMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce,
  };
}
