import type { ImportProgress } from "@shop/shared/schemas/newsletter";
import { and, eq, lt, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../../../db/client.ts";
import { importJobs } from "../../../db/schema/index.ts";
import { literalPattern } from "../../../lib/sql.ts";

const heartbeatMs = 20_000;
/** A running job whose heartbeat is older than this was cut off (its process crashed or was killed). */
export const importStaleAfterMs = 120_000;

/**
 * A job waiting for its upload, with an id the server makes: the modal asks for one first, so it
 * can follow the upload's progress while the upload's own answer is pending. Jobs opened and never
 * used go after a while.
 */
export async function openImportJob(db: Db, createdBy: string): Promise<string> {
  const staleBefore = new Date(Date.now() - importStaleAfterMs);
  await db.delete(importJobs).where(and(eq(importJobs.status, "waiting"), lt(importJobs.heartbeatAt, staleBefore)));
  const id = uuidv7();
  await db.insert(importJobs).values({ id, status: "waiting", fileName: "", createdBy });
  return id;
}

/**
 * Starts the upload on a job its caller opened and nobody has uploaded to yet; false for any other
 * id (unknown, someone else's, or used), so a job can neither be chosen nor taken over.
 */
export async function claimImportJob(db: Db, jobId: string, userId: string): Promise<boolean> {
  const claimed = await db
    .update(importJobs)
    .set({ status: "running", heartbeatAt: new Date() })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.createdBy, userId), eq(importJobs.status, "waiting")))
    .returning({ id: importJobs.id });
  return claimed.length > 0;
}

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

/** A job's progress, for whoever opened it only. */
export async function importProgress(db: Db, jobId: string, userId: string): Promise<ImportProgress | null> {
  const [found] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.createdBy, userId)));
  if (!found) return null;
  let job = found;
  // An import whose process died says so, instead of leaving its progress bar waiting for ever.
  // Polled every half second, so the write happens only for a job that has gone quiet.
  const staleBefore = new Date(Date.now() - importStaleAfterMs);
  if (job.status !== "finished" && job.status !== "failed" && job.heartbeatAt < staleBefore) {
    const [failed] = await db
      .update(importJobs)
      .set({ status: "failed", finishedAt: new Date() })
      .where(and(eq(importJobs.id, jobId), eq(importJobs.status, job.status), lt(importJobs.heartbeatAt, staleBefore)))
      .returning();
    job = failed ?? job;
  }
  return {
    jobId: job.id,
    // Waiting for its upload is, to the modal, running with nothing read yet.
    status: job.status === "waiting" ? "running" : (job.status as ImportProgress["status"]),
    rowsRead: job.rowsRead,
    bytesRead: job.bytesRead,
    bytesTotal: job.bytesTotal,
    importedCount: job.importedCount,
    updatedCount: job.updatedCount,
    skippedCount: job.skippedCount,
    errors: job.errors,
  };
}

/**
 * GDPR erasure: an import's report of the rows it skipped (a repeated address, with the cell as
 * written) no longer names the person; the report keeps its line numbers and reasons.
 */
export async function redactImportReports(db: Pick<Db, "execute">, email: string): Promise<void> {
  const pattern = literalPattern([email]);
  await db.execute(sql`update import_jobs set errors = regexp_replace(errors::text, ${pattern}, 'erased', 'gi')::jsonb
    where errors::text ~* ${pattern}`);
}
