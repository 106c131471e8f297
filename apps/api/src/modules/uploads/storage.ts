import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live. Local folder now; an S3-compatible store can implement the same. */
export type FileStore = {
  /** Whole or not at all: a reader never sees a file being written. */
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or undefined when there is no such file. */
  read(key: string): Promise<Buffer | undefined>;
  url(key: string): string;
  root: string;
};

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
  };
}
