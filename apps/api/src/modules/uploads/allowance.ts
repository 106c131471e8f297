import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { uploadUsage } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { queryRows } from "../../lib/sql.ts";
import { uploadMessages } from "./images.ts";

/**
 * How much each person may upload in any 24 hours (UPLOAD_QUOTA_MB), so that one account, or a stolen
 * session, cannot fill the disk: 10 files of 8 MB a request add up fast. Counted in the bytes sent,
 * which are known before any work is done, and which bound what is stored (variants are smaller).
 */
const window = sql`interval '24 hours'`;
const dayMs = 86_400_000;

type Counted = { bytes: number | string; left_ms: number | string };

/** What the person has uploaded within the window, oldest first, with when each leaves it. */
const countedSql = (userId: string) =>
  sql`select bytes, extract(epoch from (created_at + ${window} - now())) * 1000 as left_ms
    from upload_usage where user_id = ${userId} and created_at > now() - ${window} order by created_at`;

/** Refuses with 429 when `bytes` more do not fit, and says when enough will have left the window. */
function refuseUnlessRoom(counted: Counted[], bytes: number, megabytes: number): void {
  const limit = megabytes * 1024 * 1024;
  let used = counted.reduce((sum, row) => sum + Number(row.bytes), 0);
  if (used + bytes <= limit) return;
  let waitMs = dayMs;
  for (const row of counted) {
    used -= Number(row.bytes);
    if (used + bytes <= limit) {
      waitMs = Number(row.left_ms);
      break;
    }
  }
  const retryAfter = String(Math.max(1, Math.ceil(waitMs / 1000)));
  throw new AppError(429, uploadMessages.overAllowance(megabytes), undefined, { "retry-after": retryAfter });
}

/**
 * A multipart request's bytes beyond its files (boundaries, each part's headers, the folder field):
 * well under this for the 15 parts an upload may have.
 */
const framingBytes = 16 * 1024;

/**
 * Before the body is read: refuses an upload whose announced length cannot fit in what is left, so a
 * person past their allowance does not get up to 80 MB a request held in memory first. Only a first
 * look, without the lock: reserveUpload, once the files are read, is what counts.
 */
export async function refuseUploadBeyondAllowance(
  db: Db,
  userId: string,
  announcedBytes: number | undefined,
  allowance: { megabytes: number },
): Promise<void> {
  if (allowance.megabytes <= 0) return;
  const counted = await queryRows<Counted>(db, countedSql(userId));
  // At least one byte: with nothing left, even a request that does not say its length is refused.
  const files = Math.max(1, (announcedBytes ?? 0) - framingBytes);
  refuseUnlessRoom(counted, files, allowance.megabytes);
}

/**
 * Counts `bytes` against the person's allowance, or refuses with 429 and counts nothing. Parallel
 * uploads of one person take turns on a transaction lock, each seeing what the others counted, so
 * together they can never go over (the same on every instance: the count is in the database).
 * Returns the reservation, to take back with `releaseUpload` if the batch is then refused.
 */
export async function reserveUpload(
  db: Db,
  userId: string,
  bytes: number,
  allowance: { megabytes: number },
): Promise<string | null> {
  if (allowance.megabytes <= 0) return null; // UPLOAD_QUOTA_MB=0: no limit
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-allowance:${userId}`}))`);
    refuseUnlessRoom(await queryRows<Counted>(tx, countedSql(userId)), bytes, allowance.megabytes);
    const [row] = await tx.insert(uploadUsage).values({ userId, bytes }).returning({ id: uploadUsage.id });
    return row?.id ?? null;
  });
}

/** Takes back a reservation whose batch was refused before anything of it was stored. */
export async function releaseUpload(db: Db, reservation: string | null): Promise<void> {
  if (reservation) await db.delete(uploadUsage).where(eq(uploadUsage.id, reservation));
}

/** Rows that no longer count; the upload reclaimer's periodic run calls this. */
export async function forgetPastUploads(db: Db): Promise<void> {
  await db.execute(sql`delete from upload_usage where created_at < now() - ${window}`);
}
