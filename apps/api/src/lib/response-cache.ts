import { createHash } from "node:crypto";

export type CachedResponse = { body: string; etag: string };

/**
 * Serialised public reads (JSON, rendered pages), keyed by URL, dropped whole on any write to what they show.
 * Reads then cost a map lookup instead of queries (PGlite runs queries on the event loop).
 */
export type ResponseCache = {
  get(key: string): CachedResponse | undefined;
  /** Stores a body already serialised (JSON, HTML, XML). */
  set(key: string, body: string): CachedResponse;
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
    set(key, body) {
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
