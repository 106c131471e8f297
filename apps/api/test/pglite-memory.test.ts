import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPglite } from "../src/db/client.ts";

// PGlite's WASM memory only grows: whatever of PostgreSQL's buffer pool a large import touches stays
// resident for the life of the process (128 MB at the default). The pool is capped by a setting
// PGlite writes into the data directory at every start, so it must hold for a new directory and for one
// reopened (an in-memory database takes the same path).
const dir = await mkdtemp(path.join(tmpdir(), "shop-pglite-memory-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function sharedBuffers(client: Awaited<ReturnType<typeof createPglite>>): Promise<string> {
  const result = await client.query<{ shared_buffers: string }>("show shared_buffers");
  return result.rows[0]?.shared_buffers ?? "";
}

describe("the embedded database's buffer pool", () => {
  it("is 32 MB, not PostgreSQL's 128 MB, in a new data directory and reopened", async () => {
    const onDisk = await createPglite({ dataDir: dir });
    expect(await sharedBuffers(onDisk)).toBe("32MB");
    await onDisk.close();
    const reopened = await createPglite({ dataDir: dir });
    expect(await sharedBuffers(reopened)).toBe("32MB");
    await reopened.close();
  });
});
