import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { testJwtSecret } from "../constants.ts";
import { call, createStaff, signIn } from "../harness.ts";
import { createSecurityApp, hasStackTrace, type Method, whoAmI } from "./support.ts";

/**
 * Bearer tokens that were forged, altered, expired or outlived their session get 401 on every
 * kind of protected route, and each way of taking access away acts on the very next request.
 */
const { app } = await createSecurityApp();
const admin = await signIn(app);
const adminId = await whoAmI(app, admin);
const key = new TextEncoder().encode(testJwtSecret);
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const decode = (part: string | undefined) =>
  JSON.parse(Buffer.from(part ?? "", "base64url").toString()) as Record<string, unknown>;
const hour = 3600;
const now = () => Math.floor(Date.now() / 1000);

/** A token made with the real secret: only the claims we choose are wrong. */
function forge(claims: Record<string, unknown>, header: { alg: string } = { alg: "HS256" }) {
  return new SignJWT(claims).setProtectedHeader({ ...header, typ: "JWT" }).sign(key);
}

const staff = await createStaff(app, admin, []);
const [header, payload, signature] = staff.token.split(".");
const claims = decode(payload);
const staffSession = String(claims.sid);

// A live session never used before its expiry is moved back, so no cache has seen it.
const stale = await createStaff(app, admin, []);
await app.db.execute(
  sql`update sessions set expires_at = now() - interval '1 minute' where id = ${String(decode(stale.token.split(".")[1]).sid)}`,
);

const forged: [string, string][] = [
  ["alg none", `${encode({ alg: "none", typ: "JWT" })}.${payload}.`],
  ["alg NONE, signature kept", `${encode({ alg: "NONE", typ: "JWT" })}.${payload}.${signature}`],
  ["alg RS256 header on an HMAC signature", `${encode({ alg: "RS256", typ: "JWT" })}.${payload}.${signature}`],
  [
    "wrong key",
    await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("x".repeat(48))),
  ],
  ["tampered subject", `${header}.${encode({ ...claims, sub: adminId })}.${signature}`],
  ["tampered expiry", `${header}.${encode({ ...claims, exp: now() + 100 * hour })}.${signature}`],
  ["expired", await forge({ ...claims, iat: now() - 2 * hour, exp: now() - hour })],
  ["no expiry", await forge({ sub: claims.sub, sid: claims.sid, iss: claims.iss })],
  ["another issuer", await forge({ ...claims, iss: "someone-else" })],
  ["HS512 with the right key", await forge({ ...claims }, { alg: "HS512" })],
  ["someone else's id on my session", await forge({ ...claims, sub: adminId })],
  ["a session that never existed", await forge({ ...claims, sid: "01890a5d-ac96-774b-bcce-b302099a8057" })],
  ["a session past its expiry", stale.token],
  ["truncated", staff.token.slice(0, -5)],
  ["extra segment", `${staff.token}.AAAA`],
  ["garbage", "not-a-token"],
  ["very long", "a".repeat(8000)],
];

/** One route of each kind: authenticated, permission-guarded read, permission-guarded write. */
const targets: { method: Method; url: string; body?: object }[] = [
  { method: "GET", url: "/api/users/get-user" },
  { method: "GET", url: "/api/users/get-all-users" },
  { method: "GET", url: "/api/dashboard" },
  { method: "PUT", url: "/api/settings", body: { storeName: "Owned" } },
  { method: "POST", url: "/api/roles/create-role", body: { name: "Owned", permissions: [] } },
];

describe("tokens that must not work", () => {
  it("a genuine token works, so the refusals below are about the token", async () => {
    expect((await call(app, { url: "/api/users/get-user", token: staff.token })).status).toBe(200);
    expect(decode(header)).toMatchObject({ alg: "HS256" });
  });

  it.each(forged)("%s → 401 everywhere", async (_name, token) => {
    for (const target of targets) {
      const response = await call(app, { ...target, token });
      expect(response.status, `${target.method} ${target.url}`).toBe(401);
      expect(response.body.success).toBe(false);
      expect(hasStackTrace(response.text)).toBe(false);
    }
    const viaQuery = await call(app, { url: `/api/users/get-user?token=${encodeURIComponent(token)}` });
    expect(viaQuery.status).toBe(401);
  });

  it("the genuine token still works after all that", async () => {
    expect((await call(app, { url: "/api/users/get-user", token: staff.token })).status).toBe(200);
    expect(staffSession).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/** Each case warms every cache with a successful call first, then takes access away. */
describe("taking access away acts on the next request", () => {
  const canListUsers = (token: string) => call(app, { url: "/api/users/get-all-users", token });

  it("logout", async () => {
    const user = await createStaff(app, admin, ["user:view-users"]);
    expect((await canListUsers(user.token)).status).toBe(200);
    expect((await call(app, { method: "POST", url: "/api/users/logout", token: user.token })).status).toBe(200);
    expect((await canListUsers(user.token)).status).toBe(401);
  });

  it("password change signs out every other session, keeping the one that changed it", async () => {
    const user = await createStaff(app, admin, ["user:view-users"]);
    const laptop = await signIn(app, user.email, user.password);
    expect((await canListUsers(laptop)).status).toBe(200);
    const changed = await call(app, {
      method: "PUT",
      url: "/api/users/change-password",
      token: user.token,
      body: { currentPassword: user.password, newPassword: "another-password" },
    });
    expect(changed.status).toBe(200);
    expect((await canListUsers(laptop)).status).toBe(401);
    expect((await canListUsers(user.token)).status).toBe(200);
  });

  it("deactivation, and reactivation does not bring the old token back", async () => {
    const user = await createStaff(app, admin, ["user:view-users"]);
    expect((await canListUsers(user.token)).status).toBe(200);
    const setActive = (isActive: boolean) =>
      call(app, { method: "PUT", url: `/api/users/${user.userId}`, token: admin, body: { isActive } });
    expect((await setActive(false)).status).toBe(200);
    expect((await canListUsers(user.token)).status).toBe(401);
    expect((await setActive(true)).status).toBe(200);
    expect((await canListUsers(user.token)).status).toBe(401);
  });

  it("moving the user to a role without the permission", async () => {
    const user = await createStaff(app, admin, ["user:view-users"]);
    const plain = await createStaff(app, admin, []);
    expect((await canListUsers(user.token)).status).toBe(200);
    const moved = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${user.userId}`,
      token: admin,
      body: { role: plain.roleId },
    });
    expect(moved.status).toBe(200);
    expect((await canListUsers(user.token)).status).toBe(403);
  });

  it("removing the permission from the user's role", async () => {
    const user = await createStaff(app, admin, ["user:view-users"]);
    expect((await canListUsers(user.token)).status).toBe(200);
    const edited = await call(app, {
      method: "PUT",
      url: `/api/roles/update-role/${user.roleId}`,
      token: admin,
      body: { permissions: [] },
    });
    expect(edited.status).toBe(200);
    expect((await canListUsers(user.token)).status).toBe(403);
  });

  it("taking super admin away", async () => {
    const user = await createStaff(app, admin, []);
    const raised = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${user.userId}`,
      token: admin,
      body: { isSuperAdmin: true },
    });
    expect(raised.status).toBe(200);
    expect((await canListUsers(user.token)).status).toBe(200);
    const lowered = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${user.userId}`,
      token: admin,
      body: { isSuperAdmin: false },
    });
    expect(lowered.status).toBe(200);
    expect((await canListUsers(user.token)).status).toBe(403);
  });
});
