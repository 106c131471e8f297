import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline as pipelineWithCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGunzip, createGzip, gunzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { createPglite, refuseNewerDatabase } from "../db/client.ts";
import { lockEmbeddedDatabase } from "../db/embedded-lock.ts";
import { DamagedArchive, readTar, readTarStream, type TarSource, tarStream } from "./archive.ts";
import { unpackUpload, uploadSources, uploadsEntry } from "./backup-uploads.ts";

/**
 * What a backup holds: PGlite's dump as a tar of its own, the generated secret when that is in use,
 * and the uploads folder (backup-uploads.ts).
 */
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
 * Backups of the embedded shop: PGlite's dump of its data directory, DATA_DIR/jwt-secret when
 * `withSecret`, and the uploads folder, in one gzipped tar. Refused while the shop runs (its lock):
 * PGlite has no online backup, and opening the directory a second time corrupts it. PostgreSQL
 * deployments use pg_dump instead. `uploadsDir` is config.uploadsDir; its default is config's too.
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
    let dump: Buffer;
    try {
      dump = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    } finally {
      await client.close();
    }
    const secret = options.withSecret ? await readFile(path.join(dataDir, secretFile)) : undefined;
    await mkdir(outDir, { recursive: true });
    const file = path.join(outDir, `shop-${stamp(now)}.tar.gz`);
    const sources = backupSources(dump, secret, options.uploadsDir ?? path.join(dataDir, "uploads"), now);
    await writeWhole(file, tarStream(sources));
    return file;
  } finally {
    lock.release();
  }
}

async function* backupSources(
  dump: Buffer,
  secret: Buffer | undefined,
  uploadsDir: string,
  now: Date,
): AsyncGenerator<TarSource> {
  yield { name: pgliteEntry, size: dump.length, mtime: now, data: dump };
  if (secret) yield { name: secretFile, size: secret.length, mtime: now, data: secret };
  yield* uploadSources(uploadsDir, now);
}

/**
 * Gzipped as it streams, beside its final name, which it gets only once whole and on disk: a backup
 * that fails half-way (a full disk, a picture that cannot be read) leaves nothing that looks like one.
 */
async function writeWhole(file: string, tar: AsyncIterable<Buffer>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(tar, createGzip(), createWriteStream(partial, { mode: 0o600, flush: true }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
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
  /** A backup made before the uploads were kept has none: the uploads folder is then left as it was. */
  uploads: "restored" | "not in the backup";
  /** Where the uploads folder it replaced is kept, if there was one. */
  uploadsKeptAs?: string;
};

/**
 * Restores a backup into DATA_DIR and the uploads folder. It is unpacked and opened beside the
 * current database and folder first, and swapped in only once it proves to be the shop's: a bad file
 * changes nothing. The database, secret and uploads it replaces are kept beside them (pglite.before-…,
 * jwt-secret.before-…, uploads.before-…), not deleted, so a wrong restore can be undone by hand.
 */
export async function restorePglite(
  dataDir: string,
  backupFile: string,
  options: { uploadsDir?: string; now?: Date } = {},
): Promise<Restored> {
  const now = options.now ?? new Date();
  const uploadsDir = path.resolve(options.uploadsDir ?? path.join(dataDir, "uploads"));
  const pgliteDir = path.join(dataDir, "pglite");
  await mkdir(dataDir, { recursive: true });
  const lock = lockEmbeddedDatabase(pgliteDir);
  const incoming = `${pgliteDir}.restoring`;
  const incomingSecret = path.join(dataDir, `${secretFile}.restoring`);
  const incomingUploads = `${uploadsDir}.restoring`;
  try {
    // Left by a restore that was interrupted; nobody else can be restoring while we hold the lock.
    await rm(incoming, { recursive: true, force: true });
    await rm(incomingUploads, { recursive: true, force: true });
    const backup = await contentsOf(backupFile, incomingUploads);
    await checkShopDatabase(incoming, backup.pgdata, backupFile);
    if (backup.secret) await writeFile(incomingSecret, backup.secret, { mode: 0o600 });
    const restored: Restored = {
      databaseKeptAs: await swapIn(incoming, pgliteDir, now, "database"),
      secret: "not in the backup",
      uploads: "not in the backup",
    };
    // The database is in place: what follows can no longer be refused, only left for the operator to finish.
    const unfinished: string[] = [];
    if (backup.uploads) {
      try {
        await mkdir(path.dirname(uploadsDir), { recursive: true });
        restored.uploadsKeptAs = await swapIn(incomingUploads, uploadsDir, now, "uploads folder");
        restored.uploads = "restored";
      } catch (error) {
        unfinished.push(`its uploads (${(error as Error).message}): move ${incomingUploads} to ${uploadsDir}`);
      }
    }
    if (backup.secret) {
      try {
        Object.assign(restored, await placeSecret(incomingSecret, path.join(dataDir, secretFile), now));
      } catch (error) {
        const file = path.join(dataDir, secretFile);
        unfinished.push(`its signing secret (${(error as Error).message}): move ${incomingSecret} to ${file}`);
      }
    }
    if (unfinished.length > 0) {
      throw new RestoreFailed(`The database was restored, but not ${unfinished.join("; nor ")}`);
    }
    return restored;
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    if (error instanceof RestoreFailed) throw error;
    await rm(incomingSecret, { force: true });
    await rm(incomingUploads, { recursive: true, force: true });
    throw new RestoreFailed(
      `${(error as Error).message}; the database in ${pgliteDir} and the uploads in ${uploadsDir} are unchanged`,
    );
  } finally {
    lock.release();
  }
}

/**
 * The PGlite data directory tarball in a backup file, and the secret if it holds one, checked whole
 * before PGlite sees it; the uploads, if it holds them, unpacked into `uploadsInto` as the file streams
 * by (they can be far larger than memory). Whether it holds them is the `uploads/` entry's being there.
 */
async function contentsOf(
  backupFile: string,
  uploadsInto: string,
): Promise<{ pgdata: Buffer; secret?: Buffer; uploads: boolean }> {
  const notABackup = (why: string) => new Error(`${backupFile} is not a backup of this shop (${why})`);
  let pgdata: Buffer | undefined;
  let secret: Buffer | undefined;
  let uploads = false;
  try {
    // On the file's error or its own, pipeline destroys the gunzip stream with it: the loop throws it.
    const tar = pipelineWithCallback(createReadStream(backupFile), createGunzip(), () => {});
    for await (const item of readTarStream(tar)) {
      if (item.name === pgliteEntry) pgdata = await whole(item.body);
      else if (item.name === secretFile) secret = await whole(item.body);
      else if (item.name.startsWith(uploadsEntry)) {
        if (!uploads) await mkdir(uploadsInto, { recursive: true });
        uploads = true;
        await unpackUpload(uploadsInto, item);
      }
    }
    // Backups made before the secret was kept are PGlite's dump alone: a database, read whole as it always was.
    pgdata ??= await promisify(gunzip)(await readFile(backupFile));
    if (!readTar(pgdata).some((entry) => entry.name.replace(/^\/+/, "") === "PG_VERSION")) {
      throw notABackup("no PostgreSQL data directory in it");
    }
  } catch (error) {
    const { code, path: where } = error as NodeJS.ErrnoException;
    if (code === "ENOENT" && where === backupFile) throw new Error(`${backupFile} does not exist`);
    if (error instanceof DamagedArchive) throw notABackup(error.message);
    // zlib's codes: Z_DATA_ERROR for damaged data, Z_BUF_ERROR for a file cut short.
    if (code?.startsWith("Z_")) throw notABackup("not a whole gzip file");
    throw error;
  }
  return { pgdata, uploads, ...(secret ? { secret } : {}) };
}

async function whole(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
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

/** Two renames; if the second fails, the first is undone so DATA_DIR/pglite (or uploads) is never left missing. */
async function swapIn(incoming: string, current: string, now: Date, what: string): Promise<string | undefined> {
  const keptAs = existsSync(current) ? `${current}.before-${stamp(now)}` : undefined;
  if (keptAs) await rename(current, keptAs);
  try {
    await rename(incoming, current);
  } catch (error) {
    if (!keptAs) throw error;
    try {
      await rename(keptAs, current);
    } catch {
      throw new RestoreFailed(
        `${(error as Error).message}; the previous ${what} could not be put back and is at ${keptAs}: rename it to ${current}`,
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
