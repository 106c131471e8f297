import { hash } from "node:crypto";
import { setBounded } from "./bounded-map.ts";

export type CachedResponse = { body: string; etag: string };

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
  const etag = `W/"${hash("sha1", body, "base64url").slice(0, 27)}"`;
  return { body, etag };
}

export function createResponseCache(maxEntries = 1_000): ResponseCache {
  const entries = new Map<string, CachedResponse>();
  /** Loads running now; `stale` is set when a write to what the key shows landed while it ran. */
  const inFlight = new Map<string, { loading: Promise<CachedResponse>; stale: boolean }>();

  const store = (key: string, cached: CachedResponse) => setBounded(entries, key, cached, maxEntries);

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
    fill(key, produce) {
      const hit = this.get(key);
      if (hit) return Promise.resolve(hit);
      const pending = inFlight.get(key);
      if (pending) return pending.loading;
      const marks = { stale: false };
      const loading = produce()
        .then((body) => {
          const cached = entryOf(body);
          return marks.stale ? cached : store(key, cached);
        })
        .finally(() => {
          if (inFlight.get(key) === load) inFlight.delete(key);
        });
      const load = Object.assign(marks, { loading });
      inFlight.set(key, load);
      return load.loading;
    },
    clear() {
      this.clearWhere(() => true);
    },
    clearWhere(matches) {
      // Matching loads already running may have read the old data: none is stored, and later callers
      // start afresh. Loads of other keys are left alone: under steady staff writes they would
      // otherwise rarely get to store anything.
      for (const [key, load] of inFlight) {
        if (!matches(key)) continue;
        load.stale = true;
        inFlight.delete(key);
      }
      for (const key of [...entries.keys()]) if (matches(key)) entries.delete(key);
    },
  };
}
