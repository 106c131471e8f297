import { blogPostQueryOptions } from "@/features/blog/api/get-blog-post";
import { blogPostsQueryOptions } from "@/features/blog/api/get-blog-posts";
import { categoriesQueryOptions } from "@/features/products/api/get-categories";
import { productQueryOptions } from "@/features/products/api/get-product";
import { pageLists, productsQueryOptions } from "@/features/products/api/get-products";
import { productParamsFrom, shopFiltersFrom } from "@/features/products/shop-params";
import { heroBannersQueryOptions } from "@/features/storefront/api/get-hero-banners";
import { landingCategorySlugs } from "@/features/storefront/category-links";
import type { Prefetch } from "./route-prefetch";

/**
 * Each storefront page's main data (see `prefetched`). A module of its own, loaded by the first navigation
 * that needs one: a first visit, which the server rendered, never does, so its query options and the
 * shop's URL parsing stay out of that download.
 */
export const pagePrefetches = {
  home: async (client) => {
    await Promise.all([client.prefetchQuery(heroBannersQueryOptions()), client.prefetchQuery(blogPostsQueryOptions())]);
  },
  shop: async (client, { url }) => {
    await Promise.all([
      client.prefetchQuery(productsQueryOptions(productParamsFrom(shopFiltersFrom(url.searchParams)))),
      client.prefetchQuery(categoriesQueryOptions()),
    ]);
  },
  product: async (client, { params }) => {
    // The related products need the product's category: a missing product is the page's to show.
    const product = await client.fetchQuery(productQueryOptions(params.productId ?? "")).catch(() => undefined);
    if (product?.category) await client.prefetchQuery(productsQueryOptions(pageLists.related(product.category.slug)));
  },
  categories: (client) => client.prefetchQuery(categoriesQueryOptions()),
  smartLocks: (client) =>
    client.prefetchQuery(productsQueryOptions(pageLists.landing(landingCategorySlugs.smartLocks))),
  smartSwitches: (client) =>
    client.prefetchQuery(productsQueryOptions(pageLists.landing(landingCategorySlugs.smartSwitches))),
  blog: (client) => client.prefetchQuery(blogPostsQueryOptions()),
  blogPost: (client, { params }) => client.prefetchQuery(blogPostQueryOptions(params.slug ?? "")),
} satisfies Record<string, Prefetch>;

export type PagePrefetchName = keyof typeof pagePrefetches;
