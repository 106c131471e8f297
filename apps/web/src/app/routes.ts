import type { RouteObject } from "react-router";
import { FullScreenSpinner } from "@/components/spinner";
import { adminPages } from "./admin-routes";
import { AppShell } from "./app-shell";
import { lazyPage } from "./lazy-page";
import { publicRoutes } from "./public-routes";
import { RouteError } from "./route-error";

/** Every layout and page is lazy; a full-screen spinner covers the first load. */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: AppShell,
    HydrateFallback: FullScreenSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        path: "/",
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
            lazy: lazyPage(
              () => import("@/layouts/admin-layout"),
              (m) => m.AdminLayout,
            ),
            children: adminPages,
          },
        ],
      },
    ],
  },
];
