import type { RouteObject } from "react-router";
import { heroBannersQueryOptions } from "@/features/storefront/api/get-hero-banners";
import { PageError } from "@/features/storefront/page-error";
import { lazyPage } from "./lazy-page";
import { queryClient } from "./query-client";

/** Spec section 2's public routes plus blog, cart and the 404, under the storefront layout. */
const pages: RouteObject[] = [
  {
    index: true,
    // The banners are the home page's largest picture: ask for them while the page's code loads, not after.
    loader: () => {
      void queryClient.prefetchQuery(heroBannersQueryOptions());
      return null;
    },
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
    lazy: lazyPage(
      () => import("@/features/products/shop-page"),
      (m) => m.ShopPage,
    ),
  },
  {
    path: "shop/product/:productId",
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
    lazy: lazyPage(
      () => import("@/features/storefront/category-page"),
      (m) => m.CategoryPage,
    ),
  },
  {
    path: "smart-locks",
    lazy: lazyPage(
      () => import("@/features/storefront/smart-locks-page"),
      (m) => m.SmartLocksPage,
    ),
  },
  {
    path: "smart-switches",
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
    lazy: lazyPage(
      () => import("@/features/blog/blog-page"),
      (m) => m.BlogPage,
    ),
  },
  {
    path: "blog/:slug",
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

/** A page that fails shows the error inside the storefront frame, navbar and footer still there. */
export const publicRoutes: RouteObject[] = pages.map((route) => ({ ...route, ErrorBoundary: PageError }));
