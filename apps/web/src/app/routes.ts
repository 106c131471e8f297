import type { RouteObject } from "react-router";
import { FullScreenSpinner } from "@/components/spinner";
import { publicSettingsQueryOptions } from "@/features/settings/api/get-public-settings";
import { AppShell } from "./app-shell";
import { lazyPage } from "./lazy-page";
import { publicRoutes } from "./public-routes";
import { RouteError } from "./route-error";
import { prefetched } from "./route-prefetch";

/** The admin layout's id: its pages are patched in when an /admin URL is first visited. */
export const adminLayoutId = "admin-layout";

/**
 * Every layout and page is lazy; a full-screen spinner covers the first load. The admin page table
 * itself is left out of the first download (`adminPages` fills it in), so a shopper's browser never
 * fetches the back office's routes, guards or labels.
 */
export function buildRoutes(adminPages: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: "root",
      Component: AppShell,
      HydrateFallback: FullScreenSpinner,
      ErrorBoundary: RouteError,
      children: [
        {
          path: "/",
          // The footer's contact lines and links, on every storefront page.
          ...prefetched((client) => client.prefetchQuery(publicSettingsQueryOptions())),
          lazy: lazyPage(
            () => import("@/layouts/public-layout"),
            (m) => m.PublicLayout,
          ),
          children: publicRoutes,
        },
        {
          path: "/admin",
          lazy: lazyPage(
            () => import("@/features/auth/require-auth"),
            (m) => m.RequireAuth,
          ),
          children: [
            {
              id: adminLayoutId,
              lazy: lazyPage(
                () => import("@/layouts/admin-layout"),
                (m) => m.AdminLayout,
              ),
              // /admin itself must match fully (the router only patches paths it cannot match), so the
              // dashboard stays here; every other admin page arrives with the patch.
              children: [
                {
                  index: true,
                  lazy: lazyPage(
                    () => import("@/features/dashboard/dashboard-page"),
                    (m) => m.DashboardPage,
                  ),
                },
                ...adminPages,
              ],
            },
          ],
        },
      ],
    },
  ];
}
