import type { ImportProgress } from "@shop/shared/schemas/newsletter";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { importJobs } from "../../db/schema/index.ts";

/**
 * The job exists from the moment the upload starts, so the modal's progress polling never misses it.
 * Resolves to true when this call made the job (a client may name one that already exists).
 */
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
