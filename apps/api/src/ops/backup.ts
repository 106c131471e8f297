import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { createPglite, refuseNewerDatabase } from "../db/client.ts";
import { lockEmbeddedDatabase } from "../db/embedded-lock.ts";
import { DamagedArchive, readTar, type TarEntry, writeTar } from "./archive.ts";

/** What a backup holds: PGlite's dump as a tar of its own, and the generated secret when that is in use. */
const pgliteEntry = "pglite.tar";
/** Its name in DATA_DIR too (config.ts makes it when JWT_SECRET is not set). */
const secretFile = "jwt-secret";

/**
 * Whether the secret in use is the one generated into DATA_DIR/jwt-secret. It signs sessions and the
 * links already mailed, and encrypts stored TOTP secrets: a restore without it breaks all three.
 */
export function generatedSecretInUse(dataDir: string, jwtSecret: string): boolean {
  const file = path.join(dataDir, secretFile);
  return existsSync(file) && readFileSync(file, "utf8").trim() === jwtSecret;
}

/**
 * Backups of the embedded database: PGlite's dump of its data directory, with DATA_DIR/jwt-secret
 * when `withSecret`, in one gzipped tar. Refused while the shop runs (its lock): PGlite has no online
 * backup, and opening the directory a second time corrupts it. PostgreSQL deployments use pg_dump instead.
 */
export async function backupPglite(
  dataDir: string,
  outDir: string,
  options: { withSecret?: boolean; uploadsDir?: string; now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const pgliteDir = path.join(dataDir, "pglite");
  if (!existsSync(pgliteDir)) throw new Error(`No embedded database in ${pgliteDir}`);
  const lock = lockEmbeddedDatabase(pgliteDir);
  try {
    const client = await createPglite({ dataDir: pgliteDir });
    let entries: TarEntry[];
    try {
      const dump = await client.dumpDataDir("none");
      entries = [{ name: pgliteEntry, data: Buffer.from(await dump.arrayBuffer()) }];
    } finally {
      await client.close();
    }
    if (options.withSecret) entries.push({ name: secretFile, data: await readFile(path.join(dataDir, secretFile)) });
    await mkdir(outDir, { recursive: true });
    const file = path.join(outDir, `shop-${stamp(now)}.tar.gz`);
    await writeFile(file, await promisify(gzip)(writeTar(entries, now)), { mode: 0o600 });
    return file;
  } finally {
    lock.release();
  }
}

/** A restore that did not happen, or did only in part: the message says what is where, in words for the operator. */
class RestoreFailed extends Error {}

export type Restored = {
  /** Where the database it replaced is kept, if there was one. */
  databaseKeptAs?: string;
  secret: "restored" | "already in place" | "not in the backup";
  /** Where a different DATA_DIR/jwt-secret it replaced is kept. */
  secretKeptAs?: string;
  uploads: "restored" | "not in the backup";
  uploadsKeptAs?: string;
};

/**
 * Restores a backup into DATA_DIR. It is unpacked and opened beside the current database first, and
 * swapped in only once it proves to be the shop's: a bad file changes nothing. The database and the
 * secret it replaces are kept beside them (pglite.before-…, jwt-secret.before-…), not deleted, so a
 * wrong restore can be undone by hand.
 */
export async function restorePglite(
  dataDir: string,
  backupFile: string,
  options: { uploadsDir?: string; now?: Date } = {},
): Promise<Restored> {
  const now = options.now ?? new Date();
  const pgliteDir = path.join(dataDir, "pglite");
  await mkdir(dataDir, { recursive: true });
  const lock = lockEmbeddedDatabase(pgliteDir);
  const incoming = `${pgliteDir}.restoring`;
  const incomingSecret = path.join(dataDir, `${secretFile}.restoring`);
  try {
    // Left by a restore that was interrupted; nobody else can be restoring while we hold the lock.
    await rm(incoming, { recursive: true, force: true });
    const backup = await contentsOf(backupFile);
    await checkShopDatabase(incoming, backup.pgdata, backupFile);
    if (backup.secret) await writeFile(incomingSecret, backup.secret, { mode: 0o600 });
    const databaseKeptAs = await swapIn(incoming, pgliteDir, now);
    const uploads = "not in the backup";
    if (!backup.secret) return { databaseKeptAs, secret: "not in the backup", uploads };
    try {
      return { databaseKeptAs, uploads, ...(await placeSecret(incomingSecret, path.join(dataDir, secretFile), now)) };
    } catch (error) {
      throw new RestoreFailed(
        `The database was restored, but its signing secret could not be put in place (${(error as Error).message}): move ${incomingSecret} to ${path.join(dataDir, secretFile)}`,
      );
    }
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    if (error instanceof RestoreFailed) throw error;
    await rm(incomingSecret, { force: true });
    throw new RestoreFailed(`${(error as Error).message}; the database in ${pgliteDir} is unchanged`);
  } finally {
    lock.release();
  }
}

/**
 * The PGlite data directory tarball in a backup file, and the secret if it holds one, checked whole
 * before PGlite sees it. Backups made before the secret was kept are PGlite's dump alone.
 */
async function contentsOf(backupFile: string): Promise<{ pgdata: Buffer; secret?: Buffer }> {
  const notABackup = (why: string) => new Error(`${backupFile} is not a backup of this shop (${why})`);
  let tar: Buffer;
  try {
    tar = gunzipSync(await readFile(backupFile));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`${backupFile} does not exist`);
    throw notABackup("not a whole gzip file");
  }
  try {
    const outer = readTar(tar);
    const pgdata = outer.find((entry) => entry.name === pgliteEntry)?.data ?? tar;
    const entries = pgdata === tar ? outer : readTar(pgdata);
    if (!entries.some((entry) => entry.name.replace(/^\/+/, "") === "PG_VERSION")) {
      throw notABackup("no PostgreSQL data directory in it");
    }
    const secret = outer.find((entry) => entry.name === secretFile)?.data;
    return secret ? { pgdata, secret } : { pgdata };
  } catch (error) {
    if (error instanceof DamagedArchive) throw notABackup(error.message);
    throw error;
  }
}

/** Unpacks into `dir` and opens it: a database the shop has never migrated is someone else's. */
async function checkShopDatabase(dir: string, pgdata: Buffer, backupFile: string): Promise<void> {
  let client: PGlite;
  try {
    client = await createPglite({ dataDir: dir, loadDataDir: new Blob([pgdata]) });
  } catch (error) {
    throw new Error(`${backupFile} could not be opened as a database (${(error as Error).message})`);
  }
  try {
    const found = await client.query<{ table: string | null }>(
      "select to_regclass('drizzle.__drizzle_migrations')::text as table",
    );
    if (!found.rows[0]?.table) {
      throw new Error(`${backupFile} holds a database that is not the shop's (no record of the shop's migrations)`);
    }
    try {
      await refuseNewerDatabase(async <T>(text: string) => (await client.query<T>(text)).rows);
    } catch (error) {
      throw new Error(`${backupFile}: ${(error as Error).message}`);
    }
  } finally {
    await client.close();
  }
}

/** Two renames; if the second fails, the first is undone so DATA_DIR/pglite is never left empty. */
async function swapIn(incoming: string, pgliteDir: string, now: Date): Promise<string | undefined> {
  const keptAs = existsSync(pgliteDir) ? `${pgliteDir}.before-${stamp(now)}` : undefined;
  if (keptAs) await rename(pgliteDir, keptAs);
  try {
    await rename(incoming, pgliteDir);
  } catch (error) {
    if (!keptAs) throw error;
    try {
      await rename(keptAs, pgliteDir);
    } catch {
      throw new RestoreFailed(
        `${(error as Error).message}; the previous database could not be put back and is at ${keptAs}: rename it to ${pgliteDir}`,
      );
    }
    throw error;
  }
  return keptAs;
}

async function placeSecret(
  incoming: string,
  current: string,
  now: Date,
): Promise<Pick<Restored, "secret" | "secretKeptAs">> {
  if (existsSync(current) && (await readFile(current, "utf8")).trim() === (await readFile(incoming, "utf8")).trim()) {
    await rm(incoming);
    return { secret: "already in place" };
  }
  const secretKeptAs = existsSync(current) ? `${current}.before-${stamp(now)}` : undefined;
  if (secretKeptAs) await rename(current, secretKeptAs);
  await rename(incoming, current);
  return secretKeptAs ? { secret: "restored", secretKeptAs } : { secret: "restored" };
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}
