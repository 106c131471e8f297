import type { RouteObject } from "react-router";
import { lazyPage } from "./lazy-page";
import type { PagePrefetchName } from "./page-prefetches";
import { type Prefetch, prefetched } from "./route-prefetch";

/** A page's prefetch, its code fetched by the first navigation that runs one (see page-prefetches.ts). */
function pagePrefetch(name: PagePrefetchName): Prefetch {
  return async (client, at) => {
    const { pagePrefetches } = await import("./page-prefetches");
    await pagePrefetches[name](client, at);
  };
}

/** Spec section 2's public routes plus blog, cart and the 404, under the storefront layout. */
const pages: RouteObject[] = [
  {
    index: true,
    ...prefetched(pagePrefetch("home")),
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
    ...prefetched(pagePrefetch("shop")),
    lazy: lazyPage(
      () => import("@/features/products/shop-page"),
      (m) => m.ShopPage,
    ),
  },
  {
    path: "shop/product/:productId",
    ...prefetched(pagePrefetch("product")),
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
    ...prefetched(pagePrefetch("categories")),
    lazy: lazyPage(
      () => import("@/features/storefront/category-page"),
      (m) => m.CategoryPage,
    ),
  },
  {
    path: "smart-locks",
    ...prefetched(pagePrefetch("smartLocks")),
    lazy: lazyPage(
      () => import("@/features/storefront/smart-locks-page"),
      (m) => m.SmartLocksPage,
    ),
  },
  {
    path: "smart-switches",
    ...prefetched(pagePrefetch("smartSwitches")),
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
    path: "two-factor-setup",
    lazy: lazyPage(
      () => import("@/features/auth/two-factor-setup-page"),
      (m) => m.TwoFactorSetupPage,
    ),
  },
  {
    path: "forgot-password",
    lazy: lazyPage(
      () => import("@/features/auth/password-reset/forgot-password-page"),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: "reset-password",
    lazy: lazyPage(
      () => import("@/features/auth/password-reset/reset-password-page"),
      (m) => m.ResetPasswordPage,
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
    ...prefetched(pagePrefetch("blog")),
    lazy: lazyPage(
      () => import("@/features/blog/blog-page"),
      (m) => m.BlogPage,
    ),
  },
  {
    path: "blog/:slug",
    ...prefetched(pagePrefetch("blogPost")),
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
