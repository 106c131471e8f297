import type { PermissionDto, RoleDto } from "@shop/shared/schemas/roles";
import { describe, expect, it } from "vitest";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

describe("roles", () => {
  it("seeds Administrator, Editor, Support and Marketing with their modules", async () => {
    const response = await call<{ roles: RoleDto[] }>(app, { url: "/api/roles/get-all-role", token: admin });
    const byName = new Map(response.body.data.roles.map((role) => [role.name, role]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(["Administrator", "Editor", "Support", "Marketing"]));
    const names = (role: string) => byName.get(role)?.permissions.map((p) => p.name) ?? [];
    expect(names("Support")).toEqual(["contact:update-status", "contact:view-contacts"]);
    expect(names("Editor").every((n) => /^(product|herobanner|blog):/.test(n))).toBe(true);
    expect(names("Editor")).toContain("blog:create-update-post");
    expect(names("Marketing").every((n) => n.startsWith("newsletter:"))).toBe(true);
    expect(byName.get("Administrator")?.userCount).toBe(1);
  });

  it("creates, finds and updates a role, logging the field changes", async () => {
    const created = await call<RoleDto>(app, {
      method: "POST",
      url: "/api/roles/create-role",
      token: admin,
      body: { name: "Catalogue", permissions: ["product:view-products"] },
    });
    expect(created.status).toBe(201);
    const updated = await call<RoleDto>(app, {
      method: "PUT",
      url: `/api/roles/update-role/${created.body.data._id}`,
      token: admin,
      body: { permissions: ["product:view-products", "product:update-product"] },
    });
    expect(updated.body.data.permissions.map((p) => p.name)).toEqual([
      "product:update-product",
      "product:view-products",
    ]);
    const search = await call<{ roles: RoleDto[] }>(app, { url: "/api/roles/get-all-role?search=catal", token: admin });
    expect(search.body.data.roles.map((r) => r.name)).toEqual(["Catalogue"]);
    const logs = await call<{
      logs: { action: string; details: { fieldChanges?: { updated: { permissions: string[] } } } }[];
    }>(app, { url: "/api/activity-logs?module=roles", token: admin });
    const update = logs.body.data.logs.find((log) => log.action === "Update role");
    expect(update?.details.fieldChanges?.updated.permissions).toContain("product:update-product");
  });

  it("rejects duplicate names (409) and unknown permissions (400)", async () => {
    const duplicate = await call(app, {
      method: "POST",
      url: "/api/roles/create-role",
      token: admin,
      body: { name: "support", permissions: [] },
    });
    expect(duplicate.status).toBe(409);
    const unknown = await call(app, {
      method: "POST",
      url: "/api/roles/create-role",
      token: admin,
      body: { name: "Odd", permissions: ["product:launch-rockets"] },
    });
    expect(unknown.status).toBe(400);
  });

  it("does not let anyone grant a permission they lack", async () => {
    const roleManager = await createStaff(app, admin, ["roles:create-update-role", "roles:view-roles"]);
    const response = await call(app, {
      method: "POST",
      url: "/api/roles/create-role",
      token: roleManager.token,
      body: { name: "Sneaky", permissions: ["user:create-update-user"] },
    });
    expect(response.status).toBe(403);
    const ownRole = await call(app, {
      method: "PUT",
      url: `/api/roles/update-role/${roleManager.roleId}`,
      token: roleManager.token,
      body: { permissions: ["roles:create-update-role", "roles:view-roles", "user:view-users"] },
    });
    expect(ownRole.status).toBe(403);
  });

  it("does not let a role manager rename or delete a role holding a permission they lack", async () => {
    const roleManager = await createStaff(app, admin, ["roles:create-update-role", "roles:view-roles"]);
    const made = async (permissions: string[]) =>
      (
        await call<RoleDto>(app, {
          method: "POST",
          url: "/api/roles/create-role",
          token: admin,
          body: { name: `Held ${Math.random().toString(36).slice(2, 8)}`, permissions },
        })
      ).body.data;
    const beyond = await made(["product:view-products"]);
    for (const attempt of [
      { method: "PUT" as const, url: `/api/roles/update-role/${beyond._id}`, body: { name: "Renamed Away" } },
      { method: "PUT" as const, url: `/api/roles/update-role/${beyond._id}`, body: { description: "Changed" } },
      { method: "DELETE" as const, url: `/api/roles/${beyond._id}` },
    ]) {
      const response = await call(app, { ...attempt, token: roleManager.token });
      expect(response.status, `${attempt.method} ${JSON.stringify(attempt.body)}`).toBe(403);
      expect(response.body.message).toBe("You cannot change a role that holds permissions you do not have");
    }
    const after = await call<RoleDto>(app, { url: `/api/roles/${beyond._id}`, token: admin });
    expect(after.body.data).toMatchObject({ name: beyond.name, description: beyond.description });

    const within = await made(["roles:view-roles"]);
    const rename = await call(app, {
      method: "PUT",
      url: `/api/roles/update-role/${within._id}`,
      token: roleManager.token,
      body: { name: `Renamed ${within.name}` },
    });
    expect(rename.status).toBe(200);
    expect(
      (await call(app, { method: "DELETE", url: `/api/roles/${within._id}`, token: roleManager.token })).status,
    ).toBe(200);
  });

  it("refuses to delete a role in use, naming how many users hold it", async () => {
    const staff = await createStaff(app, admin, []);
    const response = await call(app, { method: "DELETE", url: `/api/roles/${staff.roleId}`, token: admin });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("This role is assigned to 1 user and cannot be deleted");
  });

  it("lists the permission catalogue, optionally for one module", async () => {
    const all = await call<PermissionDto[]>(app, { url: "/api/permissions/get-all-permissions", token: admin });
    expect(all.body.data.map((p) => p.name)).toContain("newsletter:view-statistics");
    const contact = await call<PermissionDto[]>(app, {
      url: "/api/permissions/get-all-permissions?module=contact",
      token: admin,
    });
    expect(contact.body.data.map((p) => p.name)).toEqual(["contact:update-status", "contact:view-contacts"]);
  });
});
