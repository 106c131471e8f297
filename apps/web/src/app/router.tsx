import { createBrowserRouter } from "react-router";
import { adminLayoutId, buildRoutes } from "./routes";

let adminPatched = false;

export const router = createBrowserRouter(buildRoutes(), {
  async patchRoutesOnNavigation({ path, patch }) {
    if (adminPatched || !(path === "/admin" || path.startsWith("/admin/"))) return;
    const { adminPages } = await import("./admin-routes");
    adminPatched = true;
    patch(adminLayoutId, adminPages);
  },
});
