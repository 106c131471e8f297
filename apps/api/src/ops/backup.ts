import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { createPglite, refuseNewerDatabase } from "../db/client.ts";
import { lockEmbeddedDatabase } from "../db/embedded-lock.ts";
import { DamagedArchive, readTar, type TarEntry } from "./archive.ts";

/**
 * Backups of the embedded database: PGlite's own dump of its data directory, gzipped. Refused while
 * the shop runs (its lock): PGlite has no online backup, and opening the directory a second time
 * corrupts it. PostgreSQL deployments use pg_dump instead.
 */
export async function backupPglite(dataDir: string, outDir: string, now = new Date()): Promise<string> {
  const pgliteDir = path.join(dataDir, "pglite");
  if (!existsSync(pgliteDir)) throw new Error(`No embedded database in ${pgliteDir}`);
  const lock = lockEmbeddedDatabase(pgliteDir);
  try {
    const client = await createPglite({ dataDir: pgliteDir });
    try {
      const dump = await client.dumpDataDir("gzip");
      await mkdir(outDir, { recursive: true });
      const file = path.join(outDir, `shop-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`);
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
      return file;
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Why a restore was refused, in words for the operator; the database it would have replaced is untouched. */
export class RestoreRefused extends Error {}

/**
 * Restores a backup into DATA_DIR. It is unpacked and opened beside the current database first, and
 * swapped in only once it proves to be the shop's: a bad file changes nothing. The current database,
 * if any, is kept beside it (pglite.before-…) rather than deleted, so a wrong restore can be undone by hand.
 */
export async function restorePglite(
  dataDir: string,
  backupFile: string,
  now = new Date(),
): Promise<string | undefined> {
  const pgliteDir = path.join(dataDir, "pglite");
  await mkdir(dataDir, { recursive: true });
  const lock = lockEmbeddedDatabase(pgliteDir);
  const incoming = `${pgliteDir}.restoring`;
  try {
    // Left by a restore that was interrupted; nobody else can be restoring while we hold the lock.
    await rm(incoming, { recursive: true, force: true });
    const pgdata = await pgdataIn(backupFile);
    await checkShopDatabase(incoming, pgdata, backupFile);
    return await swapIn(incoming, pgliteDir, now);
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${(error as Error).message}; the database in ${pgliteDir} is unchanged`);
  } finally {
    lock.release();
  }
}

/** The PGlite data directory tarball in a backup file, checked whole before PGlite sees it. */
async function pgdataIn(backupFile: string): Promise<Buffer> {
  const notABackup = (why: string) => new Error(`${backupFile} is not a backup of this shop (${why})`);
  let tar: Buffer;
  try {
    tar = gunzipSync(await readFile(backupFile));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`${backupFile} does not exist`);
    throw notABackup("not a whole gzip file");
  }
  let entries: TarEntry[];
  try {
    entries = readTar(tar);
  } catch (error) {
    if (error instanceof DamagedArchive) throw notABackup(error.message);
    throw error;
  }
  if (!entries.some((entry) => entry.name.replace(/^\/+/, "") === "PG_VERSION")) {
    throw notABackup("no PostgreSQL data directory in it");
  }
  return tar;
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
  const keptAs = existsSync(pgliteDir) ? `${pgliteDir}.before-${now.toISOString().replace(/[:.]/g, "-")}` : undefined;
  if (keptAs) await rename(pgliteDir, keptAs);
  try {
    await rename(incoming, pgliteDir);
  } catch (error) {
    if (!keptAs) throw error;
    try {
      await rename(keptAs, pgliteDir);
    } catch {
      throw new RestoreRefused(
        `${(error as Error).message}; the previous database could not be put back and is at ${keptAs}: rename it to ${pgliteDir}`,
      );
    }
    throw error;
  }
  return keptAs;
}
