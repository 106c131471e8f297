import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { createPglite } from "../db/client.ts";
import { lockEmbeddedDatabase } from "../db/embedded-lock.ts";

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

/**
 * Restores a backup into DATA_DIR. The current database, if any, is kept beside it (pglite.before-…)
 * rather than deleted, so a wrong restore can be undone by hand.
 */
export async function restorePglite(
  dataDir: string,
  backupFile: string,
  now = new Date(),
): Promise<string | undefined> {
  const pgliteDir = path.join(dataDir, "pglite");
  const archive = await readFile(backupFile);
  await mkdir(dataDir, { recursive: true });
  let keptAs: string | undefined;
  if (existsSync(pgliteDir)) {
    keptAs = `${pgliteDir}.before-${now.toISOString().replace(/[:.]/g, "-")}`;
    await rename(pgliteDir, keptAs);
  }
  const client = await createPglite({ dataDir: pgliteDir, loadDataDir: new Blob([archive]) });
  await client.query("select 1");
  await client.close();
  return keptAs;
}
