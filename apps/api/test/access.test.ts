import { allPermissionNames, satisfies } from "@shop/shared/permissions";
import { describe, expect, it } from "vitest";
import type { Access } from "../src/plugins/auth.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);
// Logout revokes the caller's session, so it is walked last.
const routes = [...app.routeAccess].sort(
  (a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")),
);
const someId = "01890a5d-ac96-774b-bcce-b302099a8057";

function request(route: { method: string; url: string }, token?: string) {
  const url = route.url.replace(/:[A-Za-z]+/g, someId);
  const method = route.method as "GET" | "POST" | "PUT" | "DELETE";
  return call(app, { method, url, ...(token && { token }), ...(method !== "GET" && { body: {} }) });
}

function allowedFor(access: Access, permissions: string[]): boolean {
  if (access.kind !== "permission") return true;
  return satisfies({ isSuperAdmin: false, permissions }, access.requirement);
}

describe("the route table", () => {
  it("declares access on every API route", () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it("refuses to register an API route without a declaration", async () => {
    const { default: Fastify } = await import("fastify");
    const { authPlugin } = await import("../src/plugins/auth.ts");
    const bare = Fastify();
    await bare.register(authPlugin, { db: app.db, tokens: app.tokens });
    expect(() => bare.get("/api/forgotten", async () => ({}))).toThrow(/declares no access/);
    await bare.close();
  });

  it("answers 401 to anonymous callers on every non-public route", async () => {
    for (const route of routes) {
      const response = await request(route);
      if (route.access.kind === "public") expect(response.status, `${route.method} ${route.url}`).not.toBe(401);
      else expect(response.status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("answers 403 exactly where a permission is missing, for a user with each single permission", async () => {
    for (const permission of [...allPermissionNames, null]) {
      const staff = await createStaff(app, admin, permission ? [permission] : []);
      for (const route of routes) {
        if (route.url.endsWith("/logout")) continue;
        const response = await request(route, staff.token);
        const label = `${permission ?? "no permission"} → ${route.method} ${route.url}`;
        if (allowedFor(route.access, permission ? [permission] : [])) {
          expect([401, 403], label).not.toContain(response.status);
        } else {
          expect(response.status, label).toBe(403);
        }
      }
    }
    // Every route for every permission: thousands of requests, minutes on a busy shared machine.
  }, 180_000);

  it("lets a super admin through everywhere and never answers 500", async () => {
    for (const route of routes) {
      const response = await request(route, admin);
      expect([401, 403, 500], `${route.method} ${route.url}`).not.toContain(response.status);
    }
  });
});
