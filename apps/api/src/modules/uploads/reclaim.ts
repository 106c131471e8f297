import type { Db } from "../../db/client.ts";
import type { FileStore } from "./storage.ts";

export type Reclaimed = { images: number; files: number; bytes: number };

/** Not yet built: the tests of test/upload-reclaim.test.ts describe it. */
export async function reclaimUnusedUploads(
  _db: Db,
  _store: FileStore,
  _options: { graceMs?: number } = {},
): Promise<Reclaimed> {
  return { images: 0, files: 0, bytes: 0 };
}
