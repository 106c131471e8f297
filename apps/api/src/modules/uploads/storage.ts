import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { lstat, mkdir, readdir, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live. Local folder now; an S3-compatible store can implement the same. */
export type FileStore = {
  /** Whole or not at all: a reader never sees a file being written. */
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or undefined when there is no such file. */
  read(key: string): Promise<Buffer | undefined>;
  url(key: string): string;
  /**
   * Marks a stored file as just written (its time is what the reclaimer's grace period counts from):
   * an upload of a picture already stored reuses its files. False when there is no such file.
   */
  touch(key: string): Promise<boolean>;
  /** The regular files directly in a folder (none when it does not exist), with their size and last write. */
  list(folder: string): Promise<StoredFile[]>;
  /**
   * Deletes a file unless it was written or touched at `since` or later, in a way that cannot lose a
   * touch racing with it (see reclaimFile); the bytes freed, or null when the file was kept or gone.
   */
  reclaim(key: string, since: number): Promise<number | null>;
  /** A file a killed reclaim left aside goes back under its name, unless the name has a file again. */
  putBack(folder: string, asideName: string): Promise<void>;
  root: string;
};

export type StoredFile = { name: string; size: number; modifiedMs: number };

const safeKey = /^[a-z0-9-]+\/[a-zA-Z0-9._-]+$/;

export function createLocalStore(root: string): FileStore {
  // The static file server refuses to start on a folder that does not exist yet (a fresh install).
  mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    if (!safeKey.test(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    root,
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Files are served for a year under their final name, so a half-written one (a full disk, a
      // process killed mid-write) must never have it: written beside it, then renamed into place
      // (atomic within one folder). A dot file, which the static server refuses to serve meanwhile.
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.partial`);
      try {
        await writeFile(partial, data);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    url: (key) => `/uploads/${key}`,
    async touch(key) {
      const now = new Date();
      return utimes(resolve(key), now, now).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return false;
          throw error;
        },
      );
    },
    async list(folder) {
      const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      const files: StoredFile[] = [];
      for (const entry of entries) {
        // Links and folders are not what an upload writes: never followed, never taken.
        if (!entry.isFile()) continue;
        const info = await lstat(path.join(root, folder, entry.name)).catch(() => undefined);
        if (info?.isFile()) files.push({ name: entry.name, size: info.size, modifiedMs: info.mtimeMs });
      }
      return files;
    },
    reclaim: (key, since) => reclaimFile(resolve(key), since),
    async putBack(folder, asideName) {
      const aside = resolve(`${folder}/${asideName}`);
      const name = nameBeforeAside(asideName);
      if (!name) return;
      const file = resolve(`${folder}/${name}`);
      const taken = await lstat(file).catch(() => undefined);
      // Made again meanwhile (the same picture uploaded since): the copy aside is the same bytes.
      if (taken) await rm(aside, { force: true });
      else await rename(aside, file);
    },
  };
}

/** `.<name>.<uuid>.reclaim`: the name a file has while a reclaim decides on it; <name> from it. */
export const asideSuffix = ".reclaim";
function nameBeforeAside(asideName: string): string | undefined {
  if (!asideName.startsWith(".") || !asideName.endsWith(asideSuffix)) return undefined;
  const name = asideName.slice(1, -asideSuffix.length - 37); // a UUID is 36 characters, with its dot 37
  return name.length > 0 ? name : undefined;
}

/**
 * An upload that reuses a stored file touches it (images.ts saveImage) and, finding it gone, writes
 * it again. The file is first renamed aside (atomic), so a touch comes either before, and the file
 * aside then shows it and is put back, or after, finds nothing and makes the file anew. A file aside
 * left by a process killed in between is dealt with by the next run (reclaim.ts).
 */
async function reclaimFile(file: string, since: number): Promise<number | null> {
  const aside = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}${asideSuffix}`);
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const info = await lstat(aside);
  if (info.mtimeMs >= since) {
    await rename(aside, file);
    return null;
  }
  await rm(aside, { force: true });
  return info.size;
}
