/**
 * The storefront's pages as the public cache holds them (spa.ts: "page:<path>[#minute]"), and the sitemap,
 * for the modules whose writes change what they show (their cache scopes, plugins/cluster.ts).
 */

/** The blog's list and its posts. */
export const isBlogPage = (path: string) => /^\/blog(\/|\?|$)/.test(path);

/** The shop, products, landing pages and anything else that is neither the blog nor a fixed page. */
export const isCataloguePage = (path: string) =>
  !/^\/(about|contact|terms|privacy)(\?|$)/.test(path) && !isBlogPage(path);

/**
 * Whether `key` is a cached page or the sitemap that can show a module's change: the sitemap carries
 * the titles of all, the home page shows banners, products and the latest posts, and `shows` names
 * the module's other pages.
 */
export function storefrontShows(key: string, shows: (path: string) => boolean): boolean {
  // Keyed by the minute, as it lists posts that come out at their own times (byTheMinute).
  if (key.startsWith("sitemap.xml")) return true;
  if (!key.startsWith("page:")) return false;
  // A page with scheduled content is keyed by the minute too ("page:/#29…"; byTheMinute).
  const path = key.slice("page:".length).split("#", 1)[0] ?? "";
  return path === "/" || path.startsWith("/?") || shows(path);
}
