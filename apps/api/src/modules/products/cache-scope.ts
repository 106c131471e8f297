import type { CacheScope } from "../../plugins/cluster.ts";
import { isCataloguePage, storefrontShows } from "../seo/cached-pages.ts";

/** A product write changes the catalogue's answers and totals, the categories (they count active products) and the catalogue's pages. */
export const productsCacheScope: CacheScope = {
  name: "products",
  shows: (key) =>
    /^(\/api\/products|products:total:|\/api\/(sub)?categories)/.test(key) || storefrontShows(key, isCataloguePage),
};
