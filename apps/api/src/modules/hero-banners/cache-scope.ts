import type { CacheScope } from "../../plugins/cluster.ts";
import { storefrontShows } from "../seo/cached-pages.ts";

/** Banners show on the home page alone. */
export const bannersCacheScope: CacheScope = {
  name: "banners",
  shows: (key) => key.startsWith("/api/hero-banners") || storefrontShows(key, () => false),
};
