import { allPermissionNames } from "@shop/shared/permissions";
import { describe, expect, it } from "vitest";
import { call, createStaff, signIn } from "../harness.ts";
import { createSecurityApp, fingerprint, type Method, whoAmI } from "./support.ts";

/**
 * Staff reaching past their role: other people's accounts and roles, their own role or permissions
 * through the profile, more than they hold for someone else, another person's session. The access
 * matrix (access-matrix.test.ts) checks each route's guard; these check what the handlers let
 * through once a guard has let a caller in. Nothing refused may change the database.
 */
const { app } = await createSecurityApp();
const admin = await signIn(app);

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
