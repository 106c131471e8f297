import { createHash } from "node:crypto";

export type CachedResponse = { body: string; etag: string };

/**
 * Serialised JSON of public reads, keyed by URL, dropped whole on any write to what they show.
 * Reads then cost a map lookup instead of queries (PGlite runs queries on the event loop).
 */
export type ResponseCache = {
  get(key: string): CachedResponse | undefined;
  set(key: string, value: unknown): CachedResponse;
  clear(): void;
};

export function createResponseCache(maxEntries = 1_000): ResponseCache {
  const entries = new Map<string, CachedResponse>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit) {
        // Refresh recency: Map keeps insertion order, so the oldest entry is evicted first.
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key, value) {
      const body = JSON.stringify(value);
      const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
      const cached = { body, etag };
      entries.set(key, cached);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return cached;
    },
    clear() {
      entries.clear();
    },
  };
}
