import type { RouteObject } from "react-router";
import { blogPostQueryOptions } from "@/features/blog/api/get-blog-post";
import { blogPostsQueryOptions } from "@/features/blog/api/get-blog-posts";
import { categoriesQueryOptions } from "@/features/products/api/get-categories";
import { productQueryOptions } from "@/features/products/api/get-product";
import { pageLists, productsQueryOptions } from "@/features/products/api/get-products";
import { productParamsFrom, shopFiltersFrom } from "@/features/products/shop-params";
import { heroBannersQueryOptions } from "@/features/storefront/api/get-hero-banners";
import { landingCategorySlugs } from "@/features/storefront/category-links";
import { lazyPage } from "./lazy-page";
import { prefetched } from "./route-prefetch";

/** Spec section 2's public routes plus blog, cart and the 404, under the storefront layout. */
const pages: RouteObject[] = [
  {
    index: true,
    ...prefetched(async (client) => {
      await Promise.all([
        client.prefetchQuery(heroBannersQueryOptions()),
        client.prefetchQuery(blogPostsQueryOptions()),
      ]);
    }),
    lazy: lazyPage(
      () => import("@/features/storefront/home-page"),
      (m) => m.HomePage,
    ),
  },
  {
    path: "about",
    lazy: lazyPage(
      () => import("@/features/storefront/about-page"),
      (m) => m.AboutPage,
    ),
  },
  {
    path: "shop",
    ...prefetched(async (client, { url }) => {
      await Promise.all([
        client.prefetchQuery(productsQueryOptions(productParamsFrom(shopFiltersFrom(url.searchParams)))),
        client.prefetchQuery(categoriesQueryOptions()),
      ]);
    }),
    lazy: lazyPage(
      () => import("@/features/products/shop-page"),
      (m) => m.ShopPage,
    ),
  },
  {
    path: "shop/product/:productId",
    ...prefetched(async (client, { params }) => {
      // The related products need the product's category: a missing product is the page's to show.
      const product = await client.fetchQuery(productQueryOptions(params.productId ?? "")).catch(() => undefined);
      if (product?.category) await client.prefetchQuery(productsQueryOptions(pageLists.related(product.category.slug)));
    }),
    lazy: lazyPage(
      () => import("@/features/products/product-detail-page"),
      (m) => m.ProductDetailPage,
    ),
  },
  {
    path: "contact",
    lazy: lazyPage(
      () => import("@/features/storefront/contact-page"),
      (m) => m.ContactPage,
    ),
  },
  {
    path: "category",
    ...prefetched((client) => client.prefetchQuery(categoriesQueryOptions())),
    lazy: lazyPage(
      () => import("@/features/storefront/category-page"),
      (m) => m.CategoryPage,
    ),
  },
  {
    path: "smart-locks",
    ...prefetched((client) =>
      client.prefetchQuery(productsQueryOptions(pageLists.landing(landingCategorySlugs.smartLocks))),
    ),
    lazy: lazyPage(
      () => import("@/features/storefront/smart-locks-page"),
      (m) => m.SmartLocksPage,
    ),
  },
  {
    path: "smart-switches",
    ...prefetched((client) =>
      client.prefetchQuery(productsQueryOptions(pageLists.landing(landingCategorySlugs.smartSwitches))),
    ),
    lazy: lazyPage(
      () => import("@/features/storefront/smart-switches-page"),
      (m) => m.SmartSwitchesPage,
    ),
  },
  {
    path: "login",
    lazy: lazyPage(
      () => import("@/features/auth/login-page"),
      (m) => m.LoginPage,
    ),
  },
  {
    path: "terms",
    lazy: lazyPage(
      () => import("@/features/storefront/terms-page"),
      (m) => m.TermsPage,
    ),
  },
  {
    path: "privacy",
    lazy: lazyPage(
      () => import("@/features/storefront/privacy-page"),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: "blog",
    ...prefetched((client) => client.prefetchQuery(blogPostsQueryOptions())),
    lazy: lazyPage(
      () => import("@/features/blog/blog-page"),
      (m) => m.BlogPage,
    ),
  },
  {
    path: "blog/:slug",
    ...prefetched((client, { params }) => client.prefetchQuery(blogPostQueryOptions(params.slug ?? ""))),
    lazy: lazyPage(
      () => import("@/features/blog/blog-post-page"),
      (m) => m.BlogPostPage,
    ),
  },
  {
    path: "cart",
    lazy: lazyPage(
      () => import("@/features/cart/cart-page"),
      (m) => m.CartPage,
    ),
  },
  {
    path: "*",
    lazy: lazyPage(
      () => import("@/features/storefront/not-found-page"),
      (m) => m.NotFoundPage,
    ),
  },
];

/**
 * A storefront page that fails shows the error inside the storefront frame, navbar and footer still
 * there. The error page is fetched alongside each page's code, not with the app's first download.
 */
export const publicRoutes: RouteObject[] = pages.map((route) => {
  const { lazy } = route;
  if (typeof lazy !== "function") return route;
  return {
    ...route,
    lazy: async () => {
      const [page, { PageError }] = await Promise.all([lazy(), import("@/features/storefront/page-error")]);
      return { ...page, ErrorBoundary: PageError };
    },
  };
});
