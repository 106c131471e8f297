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

/**
 * How often each key was asked for, for the cache's admission: counts halve once the increments reach
 * ten times the cache's size, so what was popular long ago fades, and the map stays bounded.
 */
function createFrequencies(maxEntries: number) {
  const counts = new Map<string, number>();
  let increments = 0;
  return {
    add(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      increments += 1;
      if (increments < maxEntries * 10) return;
      increments = 0;
      for (const [k, n] of counts) {
        if (n > 1) counts.set(k, n >> 1);
        else counts.delete(k);
      }
    },
    of: (key: string) => counts.get(key) ?? 0,
  };
}

type Produce = () => Promise<string>;

/**
 * A full cache takes a new key in only if it has been asked for more often than the entry it would
 * evict (TinyLFU's admission): anyone can ask for endless one-off addresses (a search each, a page that
 * does not exist), and under plain LRU each of those pushed out a page everyone reads. A key asked for
 * once is answered but not kept; asked for again, it displaces an entry asked for less.
 */
export function createResponseCache(maxEntries = 1_000): ResponseCache {
  /**
   * How many loads of each key are running now (a detached one may still overlap its successor):
   * lru-cache's keys() leaves these keys out, and clearWhere must drop them too.
   */
  const loading = new Map<string, number>();
  const asked = createFrequencies(maxEntries);
  /** Loads of keys not taken in, shared by the requests that miss one together. */
  const passing = new Map<string, Promise<CachedResponse>>();
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

  function admits(key: string): boolean {
    if (entries.size < maxEntries || loading.has(key)) return true;
    const victim = entries.rkeys().next().value;
    return victim === undefined || asked.of(key) > asked.of(victim);
  }

  function pass(key: string, produce: Produce): Promise<CachedResponse> {
    let load = passing.get(key);
    if (!load) {
      load = produce()
        .then(entryOf)
        .finally(() => {
          if (passing.get(key) === load) passing.delete(key);
        });
      passing.set(key, load);
    }
    return load;
  }

  return {
    // Each request counts once: a hit where it is found, a miss in the fill that follows it.
    get(key) {
      const hit = entries.get(key);
      if (hit) asked.add(key);
      return hit;
    },
    async fill(key, produce) {
      asked.add(key);
      if (!entries.has(key) && !admits(key)) return pass(key, produce);
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
      for (const key of [...passing.keys()]) if (matches(key)) passing.delete(key);
    },
  };
}
