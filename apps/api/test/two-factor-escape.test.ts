import type { RoleDto } from "@shop/shared/schemas/roles";
import type { TwoFactorStatus } from "@shop/shared/schemas/two-factor";
import type { UserDto } from "@shop/shared/schemas/users";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../src/db/schema/index.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";
import { enrolTotp } from "./two-factor-helpers.ts";

const { app, database } = await createTestApp();
const admin = await signIn(app);

/** A member of a role that requires two-factor, enrolled (so every route is open to them). */
async function enrolledMember(permissions: string[]) {
  const staff = await createStaff(app, admin, permissions);
  await enrolTotp(app, staff.token);
  const required = await call(app, {
    method: "PUT",
    url: `/api/roles/update-role/${staff.roleId}`,
    token: admin,
    body: { requireTwoFactor: true },
  });
  if (required.status !== 200) throw new Error(`could not require two-factor: ${required.text}`);
  return staff;
}

const roleOf = async (id: string) => (await call<RoleDto>(app, { url: `/api/roles/${id}`, token: admin })).body.data;
const factorsOf = async (token: string) =>
  (await call<TwoFactorStatus>(app, { url: "/api/users/two-factor", token })).body.data;

describe("a role's two-factor requirement holds its own members", () => {
  it("does not let a member who manages roles switch off the requirement of their own role", async () => {
    const member = await enrolledMember(["roles:create-update-role", "roles:view-roles"]);
    const lifted = await call(app, {
      method: "PUT",
      url: `/api/roles/update-role/${member.roleId}`,
      token: member.token,
      body: { requireTwoFactor: false },
    });
    expect(lifted.status).toBe(403);
    expect(lifted.body.message).toBe("Only a super admin can turn off two-factor sign-in for your own role");
    expect((await roleOf(member.roleId)).requireTwoFactor).toBe(true);
    // So the last factor stays too.
    const disable = await call(app, { method: "POST", url: "/api/users/two-factor/totp/disable", token: member.token });
    expect(disable.status).toBe(409);
    expect((await factorsOf(member.token)).totp).toBe(true);

    // A super admin still can.
    const bySuperAdmin = await call<RoleDto>(app, {
      method: "PUT",
      url: `/api/roles/update-role/${member.roleId}`,
      token: admin,
      body: { requireTwoFactor: false },
    });
    expect(bySuperAdmin.status).toBe(200);
    expect(bySuperAdmin.body.data.requireTwoFactor).toBe(false);
  });

  it("does not let a user manager move themselves to another role", async () => {
    const member = await enrolledMember(["user:create-update-user", "user:view-users"]);
    const easier = await call<RoleDto>(app, {
      method: "POST",
      url: "/api/roles/create-role",
      token: admin,
      body: { name: "No second factor", permissions: ["user:view-users"] },
    });
    const moved = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${member.userId}`,
      token: member.token,
      body: { role: easier.body.data._id },
    });
    expect(moved.status).toBe(403);
    expect(moved.body.message).toBe("You cannot change your own role");
    const me = await call<UserDto>(app, { url: "/api/users/get-user", token: member.token });
    expect(me.body.data.role?._id).toBe(member.roleId);
    // Sending the role they already hold, as the edit form does, changes nothing and is allowed.
    const same = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${member.userId}`,
      token: member.token,
      body: { name: "Still Me", role: member.roleId },
    });
    expect(same.status).toBe(200);
  });
});

describe("a user manager's reset of second factors", () => {
  it("is refused on their own account, which goes through their own settings and the password check", async () => {
    const manager = await createStaff(app, admin, ["user:create-update-user"]);
    await enrolTotp(app, manager.token);
    // Signed in long ago: their own routes would now ask for the password.
    await database.db
      .update(sessions)
      .set({ createdAt: sql`${sessions.createdAt} - interval '30 minutes'` })
      .where(eq(sessions.userId, manager.userId));
    const reset = await call(app, {
      method: "POST",
      url: `/api/users/${manager.userId}/reset-two-factor`,
      token: manager.token,
    });
    expect(reset.status).toBe(403);
    expect(reset.body.message).toBe(
      "To change your own second factors, use Two-factor sign-in on your profile instead of a reset",
    );
    expect(await factorsOf(manager.token)).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
  });
});
