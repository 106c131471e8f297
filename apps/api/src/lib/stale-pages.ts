import { setBounded } from "./bounded-map.ts";
import type { CachedResponse, ResponseCache } from "./response-cache.ts";

export type StalePagesOptions = {
  /** A page is rendered again at most this often, however often writes drop it. */
  refreshEveryMs: number;
  /** An older copy is never served: past this, the request waits for a fresh render. */
  maxStaleMs: number;
};

/**
 * Rendered pages, served stale for a moment while they are rendered again in the background. A staff write
 * drops every page that could show it (see plugins/cluster.ts), and rendering costs tens of milliseconds of
 * the event loop, so a burst of writes would otherwise have every hot page re-rendered on every write.
 * Instead the last copy keeps being served, each page is re-rendered at most once per `refreshEveryMs`, and
 * no copy older than `maxStaleMs` is ever served. The JSON API is not affected: it stays exact, and a browser
 * handed a stale copy is told so (modules/seo/spa.ts) and reloads the page's data right after hydrating.
 */
export function createStalePages(cache: ResponseCache, options: StalePagesOptions) {
  const last = new Map<string, { page: CachedResponse; renderedAt: number }>();
  const maxEntries = 1_000;

  const refresh = (key: string, render: () => Promise<string>) =>
    cache.fill(key, render).then((page) => setBounded(last, key, { page, renderedAt: Date.now() }, maxEntries).page);

  /** The page, and whether it is a copy from before the last write (the browser then reloads its data). */
  return async (key: string, render: () => Promise<string>): Promise<{ page: CachedResponse; stale: boolean }> => {
    const fresh = cache.get(key);
    if (fresh) return { page: fresh, stale: false };
    const previous = last.get(key);
    const age = previous ? Date.now() - previous.renderedAt : Number.POSITIVE_INFINITY;
    if (!previous || age >= options.maxStaleMs) return { page: await refresh(key, render), stale: false };
    // cache.fill shares a render already under way, so at most one runs per page.
    if (age >= options.refreshEveryMs) void refresh(key, render).catch(() => undefined);
    return { page: previous.page, stale: true };
  };
}
