import { createBrowserRouter, type HydrationState } from "react-router";
import { adminLayoutId, buildRoutes } from "./routes";

/** The browser's router; `hydrationData` when the server rendered the page (its routes already loaded). */
export function createAppRouter(routes = buildRoutes(), hydrationData?: HydrationState) {
  let adminPatched = false;
  return createBrowserRouter(routes, {
    hydrationData,
    async patchRoutesOnNavigation({ path, patch }) {
      if (adminPatched || !(path === "/admin" || path.startsWith("/admin/"))) return;
      const { adminPages } = await import("./admin-routes");
      adminPatched = true;
      patch(adminLayoutId, adminPages);
    },
  });
}
