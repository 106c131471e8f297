import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "@/lib/paths";
import { adminPages } from "./admin-routes";
import { adminLayoutId, buildRoutes } from "./routes";

/** The tree as it is once the admin pages have been patched in. */
const routes = buildRoutes(adminPages);

function leafPath(url: string): string | undefined {
  return matchRoutes(routes, url)?.at(-1)?.route.path;
}

const staticPaths = (map: Record<string, unknown>) =>
  Object.values(map).filter((value): value is string => typeof value === "string");

const everyPath = [
  ...staticPaths(paths),
  paths.product("42"),
  paths.blogPost("hello-world"),
  ...staticPaths(paths.admin),
  paths.admin.productEdit("p1"),
  paths.admin.emailDetail("e1"),
  paths.admin.roleEdit("r1"),
];

describe("routes", () => {
  it.each(everyPath)("serves %s with its own page, not the 404", (url) => {
    const matches = matchRoutes(routes, url);
    expect(matches).not.toBeNull();
    expect(leafPath(url)).not.toBe("*");
  });

  it("answers unknown paths with a not-found page, inside the admin area too", () => {
    expect(leafPath("/no-such-page")).toBe("*");
    expect(leafPath("/admin/no-such-page")).toBe("*");
  });

  it("keeps the admin page table out of the first download, all but the dashboard", () => {
    const find = (list: RouteObject[]): RouteObject | undefined =>
      list.map((route) => (route.id === adminLayoutId ? route : find(route.children ?? []))).find(Boolean);
    const adminLayout = find(buildRoutes());
    expect(adminLayout).toBeDefined();
    expect(adminLayout?.children?.map((route) => route.index ?? route.path)).toEqual([true]);
  });

  it("loads every route on demand", () => {
    const eager: string[] = [];
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        if (route.id !== "root" && !route.lazy) eager.push(route.path ?? "(index)");
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    expect(eager).toEqual([]);
  });
});
