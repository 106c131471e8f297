import type { RouteObject } from "react-router";
import type { AdminRouteHandle } from "@/layouts/admin-layout";
import { adminAccess } from "@/lib/access";
import { lazyPage } from "./lazy-page";

/** What the page needs; the admin layout shows "no access" instead of the page without it. */
const guarded = (requirement: AdminRouteHandle["requirement"]): AdminRouteHandle => ({ requirement });

/** Spec section 2's admin routes plus the profile and an admin 404 (the dashboard index lives in routes.ts). */
export const adminPages: RouteObject[] = [
  {
    path: "profile",
    lazy: lazyPage(
      () => import("@/features/auth/profile-page"),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: "products",
    handle: guarded(adminAccess.products),
    lazy: lazyPage(
      () => import("@/features/products/admin/products-page"),
      (m) => m.AdminProductsPage,
    ),
  },
  {
    path: "products/categories",
    handle: guarded(adminAccess.products),
    lazy: lazyPage(
      () => import("@/features/categories/categories-page"),
      (m) => m.CategoriesPage,
    ),
  },
  {
    path: "products/create",
    handle: guarded(adminAccess.productCreate),
    lazy: lazyPage(
      () => import("@/features/products/admin/product-create-page"),
      (m) => m.ProductCreatePage,
    ),
  },
  {
    path: "products/edit/:id",
    handle: guarded(adminAccess.productEdit),
    lazy: lazyPage(
      () => import("@/features/products/admin/product-edit-page"),
      (m) => m.ProductEditPage,
    ),
  },
  {
    path: "hero-banners",
    handle: guarded(adminAccess.heroBanners),
    lazy: lazyPage(
      () => import("@/features/hero-banners/hero-banners-page"),
      (m) => m.HeroBannersPage,
    ),
  },
  {
    path: "hero-banners/create",
    handle: guarded(adminAccess.heroBannerCreate),
    lazy: lazyPage(
      () => import("@/features/hero-banners/hero-banner-create-page"),
      (m) => m.HeroBannerCreatePage,
    ),
  },
  {
    path: "hero-banners/edit",
    handle: guarded(adminAccess.heroBannerEdit),
    lazy: lazyPage(
      () => import("@/features/hero-banners/hero-banner-edit-page"),
      (m) => m.HeroBannerEditPage,
    ),
  },
  {
    path: "contacts",
    handle: guarded(adminAccess.contacts),
    lazy: lazyPage(
      () => import("@/features/contacts/admin/contacts-page"),
      (m) => m.ContactsPage,
    ),
  },
  {
    path: "blog",
    handle: guarded(adminAccess.blog),
    lazy: lazyPage(
      () => import("@/features/blog/admin/blog-posts-page"),
      (m) => m.BlogPostsPage,
    ),
  },
  {
    path: "blog/create",
    handle: guarded(adminAccess.blogEdit),
    lazy: lazyPage(
      () => import("@/features/blog/admin/post-create-page"),
      (m) => m.PostCreatePage,
    ),
  },
  {
    path: "blog/edit/:id",
    handle: guarded(adminAccess.blogEdit),
    lazy: lazyPage(
      () => import("@/features/blog/admin/post-edit-page"),
      (m) => m.PostEditPage,
    ),
  },
  {
    path: "settings",
    handle: guarded(adminAccess.settings),
    lazy: lazyPage(
      () => import("@/features/settings/settings-page"),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: "settings/mail-delivery",
    handle: guarded(adminAccess.mailDelivery),
    lazy: lazyPage(
      () => import("@/features/settings/mail-delivery-page"),
      (m) => m.MailDeliveryPage,
    ),
  },
  {
    path: "newsletters/subscribers",
    handle: guarded(adminAccess.subscribers),
    lazy: lazyPage(
      () => import("@/features/newsletter/subscribers-page"),
      (m) => m.SubscribersPage,
    ),
  },
  {
    path: "newsletters/suppressions",
    handle: guarded(adminAccess.suppressions),
    lazy: lazyPage(
      () => import("@/features/newsletter/suppressions-page"),
      (m) => m.SuppressionsPage,
    ),
  },
  {
    path: "newsletters/history",
    handle: guarded(adminAccess.emailHistory),
    lazy: lazyPage(
      () => import("@/features/campaigns/history/email-history-page"),
      (m) => m.EmailHistoryPage,
    ),
  },
  {
    path: "newsletters/history/email/:emailId",
    handle: guarded(adminAccess.emailHistory),
    lazy: lazyPage(
      () => import("@/features/campaigns/detail/email-detail-page"),
      (m) => m.EmailDetailPage,
    ),
  },
  {
    path: "newsletters/stats",
    handle: guarded(adminAccess.statistics),
    lazy: lazyPage(
      () => import("@/features/campaigns/stats/statistics-page"),
      (m) => m.StatisticsPage,
    ),
  },
  {
    path: "tags",
    handle: guarded(adminAccess.tags),
    lazy: lazyPage(
      () => import("@/features/newsletter/tags-page"),
      (m) => m.TagsPage,
    ),
  },
  {
    path: "compose-mail",
    handle: guarded(adminAccess.compose),
    lazy: lazyPage(
      () => import("@/features/campaigns/compose/compose-mail-page"),
      (m) => m.ComposeMailPage,
    ),
  },
  {
    path: "activity-logs",
    handle: guarded(adminAccess.activityLogs),
    lazy: lazyPage(
      () => import("@/features/activity-logs/activity-logs-page"),
      (m) => m.ActivityLogsPage,
    ),
  },
  {
    path: "manage/users",
    handle: guarded(adminAccess.users),
    lazy: lazyPage(
      () => import("@/features/users/users-page"),
      (m) => m.UsersPage,
    ),
  },
  {
    path: "manage/roles",
    handle: guarded(adminAccess.roles),
    lazy: lazyPage(
      () => import("@/features/roles/roles-page"),
      (m) => m.RolesPage,
    ),
  },
  {
    path: "manage/roles/create",
    handle: guarded(adminAccess.roleEdit),
    lazy: lazyPage(
      () => import("@/features/roles/role-create-page"),
      (m) => m.RoleCreatePage,
    ),
  },
  {
    path: "manage/roles/edit/:roleId",
    handle: guarded(adminAccess.roleEdit),
    lazy: lazyPage(
      () => import("@/features/roles/role-edit-page"),
      (m) => m.RoleEditPage,
    ),
  },
  {
    path: "*",
    lazy: lazyPage(
      () => import("@/features/storefront/not-found-page"),
      (m) => m.AdminNotFoundPage,
    ),
  },
];
