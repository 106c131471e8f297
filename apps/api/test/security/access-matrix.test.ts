import { allPermissionNames, type Requirement, satisfies } from "@shop/shared/permissions";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTokenSigner } from "../../src/lib/tokens.ts";
import type { Access, RouteAccess } from "../../src/plugins/auth.ts";
import { testJwtSecret } from "../constants.ts";
import { call, createStaff, signIn } from "../harness.ts";
import { type ExpectedAccess, expectedAccess, expectedOutsideApi } from "./expected-access.ts";
import {
  createPowerUser,
  createSecurityApp,
  fillPath,
  fingerprint,
  label,
  type Method,
  routeTable,
  unknownId,
  whoAmI,
} from "./support.ts";
import { guardedBodies, lookalikeOf, nextIp, type Probe, writeFixtures } from "./write-fixtures.ts";

/**
 * Every API route × every kind of caller: the answer must be what the spec expects
 * (expected-access.ts, written by hand), and each route must declare exactly that.
 * "allowed" means the request reached the handler: anything but 401, 403 or a 5xx.
 */
const { app } = await createSecurityApp();
const admin = await signIn(app);
const routes = routeTable(app);

const requirementOf = (access: ExpectedAccess): Requirement | undefined =>
  typeof access === "string"
    ? undefined
    : "permission" in access
      ? access.permission
      : "anyOf" in access
        ? access.anyOf
        : access.module;

/** The expectation in the declaration's terms; a list of alternatives is compared as a set. */
function accessOf(expected: ExpectedAccess): Access {
  if (expected === "public" || expected === "secret") return { kind: "public" };
  if (expected === "signed in") return { kind: "authenticated" };
  return { kind: "permission", requirement: requirementOf(expected) ?? [] };
}
const normalised = (access: Access) =>
  access.kind === "permission"
    ? { kind: access.kind, requirement: [access.requirement].flat().sort() }
    : { kind: access.kind };

const expectations = new Map(expectedAccess.map((entry) => [label({ method: entry.method, url: entry.path }), entry]));
/** Routes guarded by a provider's secret, which no caller below holds. */
const secretRoutes = new Set(
  expectedAccess.filter((entry) => entry.access === "secret").map((e) => label({ method: e.method, url: e.path })),
);
/** A route nobody wrote an expectation for is walked as if it needed a permission no one has. */
const expectedOf = (route: RouteAccess): Access => {
  const entry = expectations.get(label(route));
  return entry ? accessOf(entry.access) : { kind: "permission", requirement: "unexpected:route" };
};

type Expectation = "allowed" | 401 | 403;
type Caller = {
  name: string;
  token: () => string | undefined;
  expect: (access: Access) => Expectation;
  /** What the caller holds, for a disposable lookalike; absent for callers without a live session. */
  holds?: string[] | "super";
};

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { sub: string; sid: string };

/** Someone whose token no longer stands for a live session: only public routes may answer them. */
const refused = (access: Access): Expectation => (access.kind === "public" ? "allowed" : 401);
const holding =
  (permissions: string[]) =>
  (access: Access): Expectation =>
    access.kind !== "permission" || satisfies({ isSuperAdmin: false, permissions }, access.requirement)
      ? "allowed"
      : 403;

// Tokens are made before the walk; the broken ones belong to users holding every permission,
// so a 401 can only come from the token, never from a missing permission.
const tokens = new Map<string, string | undefined>();
const callers: Caller[] = [
  { name: "anonymous", token: () => undefined, expect: refused },
  { name: "no permissions", token: () => tokens.get("none"), expect: holding([]), holds: [] },
  ...allPermissionNames.map((permission) => ({
    name: `only ${permission}`,
    token: () => tokens.get(permission),
    expect: holding([permission]),
    holds: [permission],
  })),
  { name: "deactivated user", token: () => tokens.get("deactivated"), expect: refused },
  { name: "expired token", token: () => tokens.get("expired"), expect: refused },
  { name: "logged-out session", token: () => tokens.get("logged-out"), expect: refused },
  { name: "deleted session", token: () => tokens.get("deleted"), expect: refused },
  { name: "super admin", token: () => tokens.get("super"), expect: () => "allowed", holds: "super" },
];

beforeAll(async () => {
  tokens.set("none", (await createStaff(app, admin, [])).token);
  for (const permission of allPermissionNames)
    tokens.set(permission, (await createStaff(app, admin, [permission])).token);

  const deactivated = await createPowerUser(app, admin);
  const off = await call(app, {
    method: "PUT",
    url: `/api/users/${deactivated.userId}`,
    token: admin,
    body: { isActive: false },
  });
  expect(off.status).toBe(200);
  tokens.set("deactivated", deactivated.token);

  const live = await createPowerUser(app, admin);
  const { sub, sid } = claimsOf(live.token);
  tokens.set("expired", await createTokenSigner(testJwtSecret).sign({ userId: sub, sessionId: sid }, new Date(0)));

  const loggedOut = await createPowerUser(app, admin);
  expect((await call(app, { method: "POST", url: "/api/users/logout", token: loggedOut.token })).status).toBe(200);
  tokens.set("logged-out", loggedOut.token);

  // Never used before its row goes, so no cache can remember it.
  const deleted = await createPowerUser(app, admin);
  await app.db.execute(sql`delete from sessions where id = ${claimsOf(deleted.token).sid}`);
  tokens.set("deleted", deleted.token);

  // A super admin of their own: the walk below sends sign-out-others with this token, which would end
  // `admin`'s session too if both were the same person.
  tokens.set("super", (await lookalikeOf(app, admin, "super")).token);
}, 120_000);

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

async function probe(request: Probe, method: string, token: string | undefined) {
  const bearer = request.token ?? token;
  return call(app, {
    method: method as Method,
    url: request.url,
    // Each from its own address: public writes and password checks are limited per address.
    ip: nextIp(),
    ...(bearer && { token: bearer }),
    ...(request.headers && { headers: request.headers }),
    ...(request.form
      ? { body: request.form.payload, headers: { "content-type": request.form.contentType } }
      : request.body !== undefined && { body: request.body }),
  });
}

const fixtureContext = (caller: Caller) => ({
  app,
  admin,
  lookalike: () => lookalikeOf(app, admin, caller.holds ?? []),
  holds: caller.holds ?? [],
});
const succeeded = (status: number) => status >= 200 && status < 300;
const writeRoutes = routes.filter((route) => route.method !== "GET");

// Before the walk below: its logout row ends every caller's session.

describe("allowed callers of every write route, with a valid body", () => {
  it("has a valid body for every write route", () => {
    expect(writeRoutes.map(label).filter((name) => !(name in writeFixtures))).toEqual([]);
  });

  it.each(writeRoutes.map((route) => [label(route), route] as const))("%s", async (_name, route) => {
    const fixture = writeFixtures[label(route)];
    if (!fixture) return;
    const access = expectedOf(route);
    // Public routes are probed without a session; the others by every live caller the guard lets in.
    const allowed =
      access.kind === "public"
        ? callers.filter((caller) => caller.name === "anonymous")
        : callers.filter((caller) => caller.holds !== undefined && caller.expect(access) === "allowed");
    expect(allowed.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const caller of allowed) {
      const response = await probe(await fixture(fixtureContext(caller)), route.method, caller.token());
      if (!succeeded(response.status)) failures.push(`${caller.name}: ${response.status} ${response.body.message}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(guardedBodies.map((guarded) => [`${guarded.route} also needs ${guarded.needs}`, guarded] as const))(
    "%s",
    async (_name, guarded) => {
      const route = routes.find((candidate) => label(candidate) === guarded.route);
      if (!route) throw new Error(`${guarded.route} is not in the route table`);
      const mismatches: string[] = [];
      for (const caller of callers.filter((candidate) => candidate.holds !== undefined)) {
        const may =
          caller.expect(expectedOf(route)) === "allowed" &&
          caller.expect(accessOf({ permission: guarded.needs })) === "allowed";
        const response = await probe(await guarded.fixture(fixtureContext(caller)), route.method, caller.token());
        if (may ? !succeeded(response.status) : response.status !== 403) {
          mismatches.push(
            `${caller.name}: expected ${may ? "2xx" : 403}, got ${response.status} ${response.body.message}`,
          );
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
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

describe("other people's records", () => {
  it("cannot be read or changed by staff without the user and role permissions", async () => {
    const staff = await createStaff(app, admin, ["product:view-products", "contact:view-contacts"]);
    const other = await createStaff(app, admin, []);
    const adminId = await whoAmI(app, admin);
    const before = await fingerprint(app.db);
    const attempts: { method: Method; url: string; body?: object }[] = [
      { method: "GET", url: "/api/users/get-all-users" },
      { method: "GET", url: `/api/users/get-all-users?search=${encodeURIComponent(other.email)}` },
      { method: "PUT", url: `/api/users/${other.userId}`, body: { isActive: false } },
      { method: "PUT", url: `/api/users/${adminId}`, body: { isActive: false } },
      { method: "PUT", url: `/api/users/update-user/${other.userId}`, body: { name: "Taken Over" } },
      { method: "PUT", url: `/api/users/update-user/${staff.userId}`, body: { isSuperAdmin: true } },
      { method: "GET", url: `/api/roles/${other.roleId}` },
      { method: "PUT", url: `/api/roles/update-role/${staff.roleId}`, body: { permissions: allPermissionNames } },
      { method: "DELETE", url: `/api/roles/${other.roleId}` },
      { method: "GET", url: `/api/activity-logs?userId=${other.userId}` },
    ];
    for (const attempt of attempts) {
      const response = await call(app, { ...attempt, token: staff.token });
      expect(response.status, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    expect(await fingerprint(app.db)).toBe(before);
  });

  it("does not let anyone raise their own role or permissions through the profile routes", async () => {
    const staff = await createStaff(app, admin, ["product:view-products"]);
    const { body: adminRoles } = await call<{ roles: { _id: string; name: string }[] }>(app, {
      url: "/api/roles/get-all-role",
      token: admin,
    });
    const administrator = adminRoles.data.roles.find((role) => role.name === "Administrator");
    expect(administrator).toBeDefined();
    const before = await fingerprint(app.db);
    for (const body of [
      { role: administrator?._id },
      { roleId: administrator?._id },
      { isSuperAdmin: true },
      { permissions: allPermissionNames },
      { isActive: true, name: "Still Me" },
      { email: "someone-else@example.com" },
    ]) {
      const response = await call(app, { method: "PUT", url: "/api/users/profile", token: staff.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await fingerprint(app.db)).toBe(before);
    const me = await call<{ isSuperAdmin: boolean; role: { _id: string } }>(app, {
      url: "/api/users/get-user",
      token: staff.token,
    });
    expect(me.body.data).toMatchObject({ isSuperAdmin: false, role: { _id: staff.roleId } });
  });

  it("lets user managers hand out only what they hold, and never touch a super admin", async () => {
    const manager = await createStaff(app, admin, ["user:create-update-user", "user:deactivate-user"]);
    const adminId = await whoAmI(app, admin);
    const editor = await createStaff(app, admin, ["product:create-product"]);
    const before = await fingerprint(app.db);
    const attempts: { method: Method; url: string; body: object }[] = [
      { method: "PUT", url: `/api/users/update-user/${manager.userId}`, body: { isSuperAdmin: true } },
      { method: "PUT", url: `/api/users/update-user/${manager.userId}`, body: { role: editor.roleId } },
      { method: "PUT", url: `/api/users/update-user/${adminId}`, body: { name: "Not The Admin" } },
      { method: "PUT", url: `/api/users/${adminId}`, body: { isActive: false } },
      {
        method: "POST",
        url: "/api/users",
        body: {
          name: "Shadow Admin",
          email: "shadow@example.com",
          phone: "0123456789",
          role: manager.roleId,
          password: "shadow-password",
          isSuperAdmin: true,
        },
      },
    ];
    for (const attempt of attempts) {
      const response = await call(app, { ...attempt, token: manager.token });
      expect(response.status, `${attempt.method} ${attempt.url} ${JSON.stringify(attempt.body)}`).toBe(403);
    }
    expect(await fingerprint(app.db)).toBe(before);
  });

  it("lets role managers grant only permissions they hold, to their own role too", async () => {
    const roleManager = await createStaff(app, admin, ["roles:create-update-role", "roles:view-roles"]);
    const before = await fingerprint(app.db);
    const grab = await call(app, {
      method: "PUT",
      url: `/api/roles/update-role/${roleManager.roleId}`,
      token: roleManager.token,
      body: { permissions: ["roles:create-update-role", "roles:view-roles", "user:create-update-user"] },
    });
    expect(grab.status).toBe(403);
    const mint = await call(app, {
      method: "POST",
      url: "/api/roles/create-role",
      token: roleManager.token,
      body: { name: "Minted", permissions: ["settings:update-settings"] },
    });
    expect(mint.status).toBe(403);
    expect(await fingerprint(app.db)).toBe(before);
  });

  it("signs out only the caller's own session", async () => {
    const staff = await createStaff(app, admin, []);
    const second = await signIn(app, staff.email, staff.password);
    expect((await call(app, { method: "POST", url: "/api/users/logout", token: staff.token })).status).toBe(200);
    expect((await call(app, { url: "/api/users/get-user", token: staff.token })).status).toBe(401);
    expect((await call(app, { url: "/api/users/get-user", token: second })).status).toBe(200);
    expect((await call(app, { url: "/api/users/get-user", token: admin })).status).toBe(200);
  });
});
