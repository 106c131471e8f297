import type { CacheScope } from "../../plugins/cluster.ts";
import { isBlogPage, storefrontShows } from "../seo/cached-pages.ts";

/** A post shows in the blog's answers and pages (and on the home page, among the latest). */
export const blogCacheScope: CacheScope = {
  name: "blog",
  shows: (key) => key.startsWith("/api/blog") || storefrontShows(key, isBlogPage),
};
