import type { Db } from "../db/client.ts";
import { type Reclaimed, reclaimUnusedUploads } from "../modules/uploads/reclaim.ts";
import type { FileStore } from "../modules/uploads/storage.ts";

export type UploadReclaimer = { start(): void; stop(): Promise<void>; runOnce(): Promise<Reclaimed | null> };

/** Not yet built: the tests of test/upload-reclaim.test.ts describe it. */
export function createUploadReclaimer(deps: { db: Db; store: FileStore; everyMs?: number }): UploadReclaimer {
  return {
    start() {},
    async stop() {},
    runOnce: () => reclaimUnusedUploads(deps.db, deps.store),
  };
}
