import { beforeAll, describe, expect, it } from "vitest";
import type { RouteAccess } from "../../src/plugins/auth.ts";
import { call, signIn } from "../harness.ts";
import { accessCallers } from "./access-callers.ts";
import { expectations, expectedOf, normalised, secretRoutes } from "./access-expectations.ts";
import { expectedAccess, expectedOutsideApi } from "./expected-access.ts";
import { createSecurityApp, fillPath, label, type Method, routeTable, unknownId } from "./support.ts";

/**
 * Every API route × every kind of caller (access-callers.ts): the answer must be what the spec expects
 * (expected-access.ts, written by hand), and each route must declare exactly that.
 * "allowed" means the request reached the handler: anything but 401, 403 or a 5xx.
 * Write routes sent valid bodies are access-writes.test.ts's; handlers that let a caller reach past
 * their role once in, access-escalation.test.ts's.
 */
const { app } = await createSecurityApp();
const admin = await signIn(app);
const routes = routeTable(app);
const { callers, signInAll } = accessCallers(app, admin);

beforeAll(signInAll, 120_000);

function send(route: RouteAccess, token: string | undefined) {
  const method = route.method as Method;
  return call(app, {
    method,
    url: fillPath(route.url, unknownId),
    ...(token && { token }),
    ...(method !== "GET" && method !== "DELETE" && { body: {} }),
  });
}

describe("the route table", () => {
  it("declares access on every API route, and an undeclared route cannot be registered", async () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) expect(["public", "authenticated", "permission"]).toContain(route.access.kind);
    const documented = Object.keys((app.swagger() as { paths: object }).paths).filter((p) => p.startsWith("/api/"));
    const declared = new Set(routes.map((route) => route.url.replace(/:(\w+)/g, "{$1}")));
    expect(documented.filter((p) => !declared.has(p))).toEqual([]);

    const { default: Fastify } = await import("fastify");
    const { authPlugin } = await import("../../src/plugins/auth.ts");
    const bare = Fastify();
    await bare.register(authPlugin, { db: app.db, tokens: app.tokens });
    expect(() => bare.post("/api/forgotten", async () => ({}))).toThrow(/declares no access/);
    await bare.close();
  });
});

describe("the route table against the access the spec expects", () => {
  it("has an expectation for every route, and a route for every expectation", () => {
    const table = new Set(routes.map(label));
    expect(routes.map(label).filter((name) => !expectations.has(name))).toEqual([]);
    expect([...expectations.keys()].filter((name) => !table.has(name))).toEqual([]);
    expect(expectations.size, "one expectation per route").toBe(expectedAccess.length);
  });

  it("declares on every route the guard the spec expects", () => {
    const differences = routes
      .filter((route) => expectations.has(label(route)))
      .filter((route) => JSON.stringify(normalised(route.access)) !== JSON.stringify(normalised(expectedOf(route))))
      .map(
        (route) =>
          `${label(route)}: declares ${JSON.stringify(route.access)}, expected ${JSON.stringify(expectedOf(route))}`,
      );
    expect(differences).toEqual([]);
  });

  it("leaves the routes outside /api that emails and crawlers reach open to anyone", async () => {
    for (const route of expectedOutsideApi) {
      expect(app.hasRoute({ method: route.method, url: route.path }), label({ ...route, url: route.path })).toBe(true);
      const { status } = await call(app, { method: route.method, url: fillPath(route.path, "not-a-real-token") });
      expect(status === 401 || status === 403 || status >= 500, `${route.method} ${route.path}: ${status}`).toBe(false);
    }
  });
});

describe("every route answers every caller as the spec expects", () => {
  it.each(callers.map((caller) => [caller.name, caller] as const))("%s", async (_name, caller) => {
    const mismatches: string[] = [];
    for (const route of routes) {
      const expected = secretRoutes.has(label(route)) ? 401 : caller.expect(expectedOf(route));
      const { status } = await send(route, caller.token());
      const ok = expected === "allowed" ? status < 500 && status !== 401 && status !== 403 : status === expected;
      if (!ok) mismatches.push(`${label(route)}: expected ${expected}, got ${status}`);
    }
    expect(mismatches).toEqual([]);
  });
});
