import type { RouteObject } from "react-router";
import { lazyPage } from "./lazy-page";

/** Spec section 2's public routes plus blog, cart and the 404, under the storefront layout. */
export const publicRoutes: RouteObject[] = [
  {
    index: true,
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
