import type { ActivityDetails } from "@shop/shared/schemas/activity-logs";
import type { RoleDto } from "@shop/shared/schemas/roles";
import type { UserDto } from "@shop/shared/schemas/users";
import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLogs } from "../src/db/schema/index.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app, database } = await createTestApp();
const admin = await signIn(app);

/** The details of the newest entry of this action whose description mentions `about`. */
async function detailsOf(action: string, about: string): Promise<ActivityDetails | null | undefined> {
  const [entry] = await database.db
    .select({ details: activityLogs.details })
    .from(activityLogs)
    .where(and(eq(activityLogs.action, action), like(activityLogs.description, `%${about}%`)))
    .orderBy(desc(activityLogs.createdAt))
    .limit(1);
  return entry?.details as ActivityDetails | null | undefined;
}

const roleName = () => `Audited ${Math.random().toString(36).slice(2, 8)}`;

describe("what the activity log records about users and roles", () => {
  it("says a new user was made a super admin", async () => {
    const [role] = (await call<{ roles: RoleDto[] }>(app, { url: "/api/roles/get-all-role", token: admin })).body.data
      .roles;
    const created = await call<UserDto>(app, {
      method: "POST",
      url: "/api/users",
      token: admin,
      body: {
        name: "New Root",
        email: `root-${Math.random().toString(36).slice(2, 8)}@example.com`,
        phone: "0123456789",
        role: role?._id,
        password: "secret1",
        isSuperAdmin: true,
      },
    });
    expect(created.status).toBe(201);
    expect(await detailsOf("Create user", created.body.data.email)).toMatchObject({ isSuperAdmin: true });
  });

  it("records a change of the enquiry alert among the changed fields", async () => {
    const staff = await createStaff(app, admin, ["contact:view-contacts"]);
    const changed = await call(app, {
      method: "PUT",
      url: "/api/users/profile",
      token: staff.token,
      body: { notifyEnquiries: true },
    });
    expect(changed.status).toBe(200);
    expect((await detailsOf("Update profile", staff.email))?.fieldChanges).toEqual({
      original: { notifyEnquiries: false },
      updated: { notifyEnquiries: true },
    });
  });

  it("records a new role's two-factor requirement and a deleted role's permissions", async () => {
    const name = roleName();
    const created = await call<RoleDto>(app, {
      method: "POST",
      url: "/api/roles/create-role",
      token: admin,
      body: { name, permissions: ["product:view-products", "contact:view-contacts"], requireTwoFactor: true },
    });
    expect(created.status).toBe(201);
    expect(await detailsOf("Create role", name)).toMatchObject({ requireTwoFactor: true });

    const deleted = await call(app, { method: "DELETE", url: `/api/roles/${created.body.data._id}`, token: admin });
    expect(deleted.status).toBe(200);
    expect(await detailsOf("Delete role", name)).toMatchObject({
      roleinfo: { name, id: created.body.data._id },
      permissions: ["contact:view-contacts", "product:view-products"],
      requireTwoFactor: true,
    });
  });
});
