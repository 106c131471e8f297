import { hash } from "node:crypto";
import { LRUCache } from "lru-cache";

/**
 * `bytes` is `body` in UTF-8, made once: an answer sent as bytes is neither measured (content-length)
 * nor encoded again on every request, which for a product list cost more than all the hooks together.
 */
export type CachedResponse = { body: string; bytes: Buffer; etag: string };

/**
 * Serialised public reads (JSON, rendered pages), keyed by URL, dropped whole on any write to what they show.
 * Reads then cost a map lookup instead of queries (PGlite runs queries on the event loop).
 */
export type ResponseCache = {
  get(key: string): CachedResponse | undefined;
  /**
   * The entry, produced once however many requests miss it together. A produce that began before a
   * clear() is answered to its callers but never stored: it may have read what the write changed.
   */
  fill(key: string, produce: () => Promise<string>): Promise<CachedResponse>;
  clear(): void;
  /** Drops the entries whose key matches (a write that changed one area of the shop). */
  clearWhere(matches: (key: string) => boolean): void;
};

function entryOf(body: string): CachedResponse {
  const bytes = Buffer.from(body);
  const etag = `W/"${hash("sha1", bytes, "base64url").slice(0, 27)}"`;
  return { body, bytes, etag };
}

type Produce = () => Promise<string>;

export function createResponseCache(maxEntries = 1_000): ResponseCache {
  /**
   * How many loads of each key are running now (a detached one may still overlap its successor):
   * lru-cache's keys() leaves these keys out, and clearWhere must drop them too.
   */
  const loading = new Map<string, number>();
  // fetch() runs one load per key however many callers miss it together. Deleting a key while its
  // load runs (a write landed) detaches the load: with ignoreFetchAbort its callers still get the answer,
  // and lru-cache stores it only if the key still holds that very load, which it no longer does.
  const entries = new LRUCache<string, CachedResponse, Produce>({
    max: maxEntries,
    ignoreFetchAbort: true,
    fetchMethod: async (key, _stale, { context: produce }) => {
      loading.set(key, (loading.get(key) ?? 0) + 1);
      try {
        return entryOf(await produce());
      } finally {
        const left = (loading.get(key) ?? 1) - 1;
        if (left > 0) loading.set(key, left);
        else loading.delete(key);
      }
    },
  });

  return {
    get: (key) => entries.get(key),
    async fill(key, produce) {
      const cached = await entries.fetch(key, { context: produce });
      // Only a fetchMethod answering undefined gives undefined, and ours always answers an entry.
      if (!cached) throw new Error(`The response cache produced nothing for ${key}`);
      return cached;
    },
    clear() {
      this.clearWhere(() => true);
    },
    clearWhere(matches) {
      // Matching loads already running may have read the old data: none is stored, and later callers
      // start afresh. Loads of other keys are left alone: under steady staff writes they would
      // otherwise rarely get to store anything.
      for (const key of [...entries.keys(), ...loading.keys()]) if (matches(key)) entries.delete(key);
    },
  };
}
