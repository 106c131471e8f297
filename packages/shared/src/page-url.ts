/**
 * The query parameters the storefront's /shop page reads (apps/web shop-params.ts), in alphabetical order:
 * the server renders and caches /shop by these alone, so a link's tracking parameters cost no render.
 * Kept here, free of zod: the browser's first script reads it (ssr-state.ts), and zod would add 16 KB to it.
 */
export const shopPageParams = [
  "category",
  "compatibility",
  "inStock",
  "isNew",
  "maxPrice",
  "minPrice",
  "page",
  "search",
  "sortBy",
  "sortOrder",
] as const;

/** Longer than any value the shop's filters take (a search is cut at 200 characters). */
const maxValueLength = 200;

/**
 * The URL a storefront page is rendered and cached under (apps/api seo/spa.ts), and hydrated from in the
 * browser (apps/web ssr-state.ts): its path, and for /shop the filters it reads, in one order. Whatever else
 * a link carries (utm_*, fbclid, gclid, junk) changes nothing on the page; keyed by the whole URL, every
 * visitor from an ad cost a render and a cache entry, and a loop over `?x=N` could fill the shared cache
 * and push out everything in it.
 */
export function renderedPageUrl(url: string): string {
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  if (pathname !== "/shop" || query === -1) return pathname;
  const given = new URLSearchParams(url.slice(query + 1));
  const kept = new URLSearchParams();
  for (const name of shopPageParams) {
    const value = given.get(name);
    if (value) kept.set(name, value.slice(0, maxValueLength));
  }
  const canonical = kept.toString();
  return canonical ? `${pathname}?${canonical}` : pathname;
}
