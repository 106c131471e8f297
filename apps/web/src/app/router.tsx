import type { Location, RouteObject } from "react-router";
import { loadRoutesFor } from "./app-routes";
import { queryClient } from "./query-client";
import { prefetchRoutes } from "./route-prefetch";
import { adminLayoutId } from "./routes";

function findRoute(routes: RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === id) return route;
    const found = route.children && findRoute(route.children, id);
    if (found) return found;
  }
  return undefined;
}

const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/");

/**
 * What the browser does before showing a location: the admin page table is patched in the first time
 * an /admin address is visited (a shopper's browser never fetches it), and the page's code and main
 * data are asked for together, rather than the data only once the code has run.
 */
export function navigationPreparer(routes: RouteObject[]) {
  let adminPatched = false;
  const patchAdmin = async (pathname: string) => {
    if (adminPatched || !isAdminPath(pathname)) return;
    const { adminPages } = await import("./admin-routes");
    const layout = findRoute(routes, adminLayoutId);
    if (!adminPatched && layout) layout.children = [...(layout.children ?? []), ...adminPages];
    adminPatched = true;
  };
  const prepare = (location: Location, { prefetch = true } = {}): Promise<void> | undefined => {
    if (!adminPatched && isAdminPath(location.pathname)) {
      return patchAdmin(location.pathname).then(() => prepare(location, { prefetch }));
    }
    if (prefetch) {
      void prefetchRoutes(
        routes,
        new URL(`${location.pathname}${location.search}`, window.location.origin),
        queryClient,
      ).catch(() => undefined);
    }
    return loadRoutesFor(routes, location);
  };
  return { prepare };
}
