import { mkdirSync } from "node:fs";
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live. Local folder now; an S3-compatible store can implement the same. */
export type FileStore = {
  put(key: string, data: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
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
      await writeFile(file, data);
    },
    async exists(key) {
      try {
        await stat(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    url: (key) => `/uploads/${key}`,
  };
}
