import type { UserDto } from "@shop/shared/schemas/users";
import { describe, expect, it } from "vitest";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);
const [administratorRole] = (
  await call<{ roles: { _id: string; name: string }[] }>(app, {
    url: "/api/roles/get-all-role?search=Administrator",
    token: admin,
  })
).body.data.roles;
const roleId = administratorRole?._id ?? "";

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: "Jane Doe",
  email: `jane-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: "0123456789",
  role: roleId,
  password: "secret1",
  ...overrides,
});

describe("creating users", () => {
  it("creates a user with a role and never returns the password", async () => {
    const body = newUser();
    const response = await call<UserDto>(app, { method: "POST", url: "/api/users", token: admin, body });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      name: "Jane Doe",
      email: body.email,
      isActive: true,
      isSuperAdmin: false,
    });
    expect(response.body.data.role?.name).toBe("Administrator");
    expect(response.text).not.toMatch(/secret1|passwordHash|argon/);
  });

  it("answers 409 with a field message for a duplicate email in any case", async () => {
    const body = newUser();
    await call(app, { method: "POST", url: "/api/users", token: admin, body });
    const again = await call(app, {
      method: "POST",
      url: "/api/users",
      token: admin,
      body: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors?.email).toBe("A user with this email already exists");
  });

  it("validates with the spec's messages and changes nothing", async () => {
    const before = (
      await call<{ pagination: { totalUsers: number } }>(app, { url: "/api/users/get-all-users", token: admin })
    ).body.data.pagination.totalUsers;
    const response = await call(app, {
      method: "POST",
      url: "/api/users",
      token: admin,
      body: newUser({ name: "J", email: "not-an-email", phone: "12345", password: "123" }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Phone number must be exactly 10 digits",
      password: "Password must be at least 6 characters long",
    });
    const after = (
      await call<{ pagination: { totalUsers: number } }>(app, { url: "/api/users/get-all-users", token: admin })
    ).body.data.pagination.totalUsers;
    expect(after).toBe(before);
  });

  it("does not let a non-super admin make a super admin or hand out permissions they lack", async () => {
    const manager = await createStaff(app, admin, ["user:create-update-user", "user:view-users"]);
    const superAttempt = await call(app, {
      method: "POST",
      url: "/api/users",
      token: manager.token,
      body: newUser({ isSuperAdmin: true, role: manager.roleId }),
    });
    expect(superAttempt.status).toBe(403);
    const escalation = await call(app, { method: "POST", url: "/api/users", token: manager.token, body: newUser() });
    expect(escalation.status).toBe(403);
    const sameRole = await call(app, {
      method: "POST",
      url: "/api/users",
      token: manager.token,
      body: newUser({ role: manager.roleId }),
    });
    expect(sameRole.status).toBe(201);
  });
});

describe("listing users", () => {
  it("paginates and searches by name, email or phone", async () => {
    const marker = `zed${Math.random().toString(36).slice(2, 6)}`;
    for (let i = 0; i < 3; i += 1) {
      await call(app, {
        method: "POST",
        url: "/api/users",
        token: admin,
        body: newUser({ email: `${marker}${i}@example.com` }),
      });
    }
    const page = await call<{ users: UserDto[]; pagination: Record<string, number> }>(app, {
      url: `/api/users/get-all-users?search=${marker}&limit=2&page=2`,
      token: admin,
    });
    expect(page.status).toBe(200);
    expect(page.body.data.users).toHaveLength(1);
    expect(page.body.data.pagination).toEqual({ currentPage: 2, totalPages: 2, totalUsers: 3, usersPerPage: 2 });
  });

  it("rejects a sort column outside the allow-list", async () => {
    const response = await call(app, { url: "/api/users/get-all-users?sortBy=password_hash", token: admin });
    expect(response.status).toBe(400);
  });
});

describe("updating users", () => {
  it("updates name, phone and role but never the email", async () => {
    const created = await call<UserDto>(app, { method: "POST", url: "/api/users", token: admin, body: newUser() });
    const id = created.body.data._id;
    const updated = await call<UserDto>(app, {
      method: "PUT",
      url: `/api/users/update-user/${id}`,
      token: admin,
      body: { name: "Janet Doe", phone: "9876543210" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: "Janet Doe", phone: "9876543210", email: created.body.data.email });
    const emailChange = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${id}`,
      token: admin,
      body: { email: "other@example.com" },
    });
    expect(emailChange.status).toBe(400);
    expect(emailChange.body.errors?.email).toBe("This field is not allowed");
  });

  it("applies a role change on the user's next request", async () => {
    const staff = await createStaff(app, admin, ["contact:view-contacts"]);
    expect((await call(app, { url: "/api/users/get-all-users", token: staff.token })).status).toBe(403);
    await call(app, {
      method: "PUT",
      url: `/api/roles/update-role/${staff.roleId}`,
      token: admin,
      body: { permissions: ["user:view-users"] },
    });
    expect((await call(app, { url: "/api/users/get-all-users", token: staff.token })).status).toBe(200);
  });

  it("deactivation stops the user's open sessions at once", async () => {
    const staff = await createStaff(app, admin, ["user:view-users"]);
    expect((await call(app, { url: "/api/users/get-all-users", token: staff.token })).status).toBe(200);
    const response = await call<UserDto>(app, {
      method: "PUT",
      url: `/api/users/${staff.userId}`,
      token: admin,
      body: { isActive: false },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.isActive).toBe(false);
    expect((await call(app, { url: "/api/users/get-all-users", token: staff.token })).status).toBe(401);
  });

  it("refuses to deactivate oneself or the last active super admin", async () => {
    const me = await call<UserDto>(app, { url: "/api/users/get-user", token: admin });
    const self = await call(app, {
      method: "PUT",
      url: `/api/users/${me.body.data._id}`,
      token: admin,
      body: { isActive: false },
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe("You cannot deactivate your own account");

    const deactivator = await createStaff(app, admin, ["user:deactivate-user"]);
    const other = await call(app, {
      method: "PUT",
      url: `/api/users/${me.body.data._id}`,
      token: deactivator.token,
      body: { isActive: false },
    });
    expect(other.status).toBe(403);
    expect((await call(app, { url: "/api/users/get-user", token: admin })).status).toBe(200);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await call(app, {
      method: "PUT",
      url: "/api/users/update-user/01890a5d-ac96-774b-bcce-b302099a8057",
      token: admin,
      body: { name: "Nobody Here" },
    });
    expect(unknown.status).toBe(404);
    const malformed = await call(app, {
      method: "PUT",
      url: "/api/users/update-user/1",
      token: admin,
      body: { name: "Xy" },
    });
    expect(malformed.status).toBe(400);
  });
});

describe("what a user manager may touch", () => {
  const userOf = async (id: string) =>
    (
      await call<{ users: UserDto[] }>(app, { url: "/api/users/get-all-users?limit=100", token: admin })
    ).body.data.users.find((user) => user._id === id);
  const administrator = async () => {
    const body = newUser();
    const created = await call<UserDto>(app, { method: "POST", url: "/api/users", token: admin, body });
    expect(created.status).toBe(201);
    return created.body.data;
  };

  it("needs deactivate-user to change isActive, on the update route too", async () => {
    const manager = await createStaff(app, admin, ["user:create-update-user", "user:view-users"]);
    const target = await createStaff(app, admin, []);
    for (const body of [{ isActive: false }, { name: "Quietly Off", isActive: false }]) {
      const response = await call(app, {
        method: "PUT",
        url: `/api/users/update-user/${target.userId}`,
        token: manager.token,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(response.body.message).toBe("You do not have permission to activate or deactivate users");
    }
    expect(await userOf(target.userId)).toMatchObject({ isActive: true, name: "Staff Member" });
    const rename = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${target.userId}`,
      token: manager.token,
      body: { name: "Renamed Staff", isActive: true },
    });
    expect(rename.status).toBe(200);
  });

  it("cannot deactivate, demote or edit a user whose role holds a permission the manager lacks", async () => {
    const manager = await createStaff(app, admin, [
      "user:create-update-user",
      "user:deactivate-user",
      "user:view-users",
    ]);
    const target = await administrator();
    const attempts = [
      { url: `/api/users/update-user/${target._id}`, body: { isActive: false } },
      { url: `/api/users/${target._id}`, body: { isActive: false } },
      { url: `/api/users/update-user/${target._id}`, body: { role: manager.roleId } },
      { url: `/api/users/update-user/${target._id}`, body: { name: "Not An Admin", phone: "0999999999" } },
    ];
    for (const attempt of attempts) {
      const response = await call(app, { method: "PUT", token: manager.token, ...attempt });
      expect(response.status, `${attempt.url} ${JSON.stringify(attempt.body)}`).toBe(403);
      expect(response.body.message).toBe("You cannot change a user who holds permissions you do not have");
    }
    expect(await userOf(target._id)).toMatchObject({
      isActive: true,
      name: target.name,
      phone: target.phone,
      role: { _id: roleId },
    });
  });

  it("cannot give anyone a role holding a permission the manager lacks", async () => {
    const manager = await createStaff(app, admin, ["user:create-update-user", "user:view-users"]);
    const target = await createStaff(app, admin, []);
    const response = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${target.userId}`,
      token: manager.token,
      body: { role: roleId },
    });
    expect(response.status).toBe(403);
    expect((await userOf(target.userId))?.role?._id).toBe(target.roleId);
  });

  it("manages users whose permissions the manager holds, and a super admin manages anyone", async () => {
    const manager = await createStaff(app, admin, [
      "user:create-update-user",
      "user:deactivate-user",
      "user:view-users",
    ]);
    const peer = await createStaff(app, admin, ["user:view-users"]);
    const peerEdit = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${peer.userId}`,
      token: manager.token,
      body: { name: "Peer Renamed", role: manager.roleId, isActive: false },
    });
    expect(peerEdit.status).toBe(200);
    expect(await userOf(peer.userId)).toMatchObject({
      name: "Peer Renamed",
      isActive: false,
      role: { _id: manager.roleId },
    });

    const target = await administrator();
    const demoted = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${target._id}`,
      token: admin,
      body: { role: manager.roleId, isActive: false },
    });
    expect(demoted.status).toBe(200);
    expect(await userOf(target._id)).toMatchObject({ isActive: false, role: { _id: manager.roleId } });
  });
});
