import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import type { UserDto } from "@shop/shared/schemas/users";
import { describe, expect, it } from "vitest";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

describe("one's own profile", () => {
  it("changes own name and phone but nothing that grants anything", async () => {
    const staff = await createStaff(app, admin, []);
    const updated = await call<UserDto>(app, {
      method: "PUT",
      url: "/api/users/profile",
      token: staff.token,
      body: { name: "New Name", phone: "5555555555" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: "New Name", phone: "5555555555", email: staff.email });
    for (const body of [{ isSuperAdmin: true }, { role: staff.roleId }, { email: "x@example.com" }]) {
      expect((await call(app, { method: "PUT", url: "/api/users/profile", token: staff.token, body })).status).toBe(
        400,
      );
    }
  });

  it("changes the password with the current one, signing out every other session", async () => {
    const staff = await createStaff(app, admin, []);
    const other = await signIn(app, staff.email, staff.password);
    const wrong = await call(app, {
      method: "PUT",
      url: "/api/users/change-password",
      token: staff.token,
      body: { currentPassword: "nope", newPassword: "brand-new-pass" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.currentPassword).toBe("Current password is incorrect");
    const changed = await call(app, {
      method: "PUT",
      url: "/api/users/change-password",
      token: staff.token,
      body: { currentPassword: staff.password, newPassword: "brand-new-pass" },
    });
    expect(changed.status).toBe(200);
    expect((await call(app, { url: "/api/users/get-user", token: staff.token })).status).toBe(200);
    expect((await call(app, { url: "/api/users/get-user", token: other })).status).toBe(401);
    await expect(signIn(app, staff.email, staff.password)).rejects.toThrow();
    expect(await signIn(app, staff.email, "brand-new-pass")).toMatch(/^ey/);
  });

  it("shows a person only their own activity", async () => {
    const staff = await createStaff(app, admin, []);
    await call(app, { method: "PUT", url: "/api/users/profile", token: staff.token, body: { name: "Own Entry" } });
    const mine = await call<{ logs: ActivityLogDto[] }>(app, { url: "/api/users/me/activity", token: staff.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.logs.length).toBeGreaterThan(0);
    expect(mine.body.data.logs.every((log) => log.userId?.email === staff.email)).toBe(true);
  });
});

describe("activity log export", () => {
  it("downloads the filtered log as formula-safe CSV", async () => {
    await call(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: "=cmd|' /C calc'!A0@example.com", password: "x" },
      ip: "192.0.2.77",
    });
    const response = await app.inject({
      url: "/api/activity-logs/export?module=auth&status=Failure",
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(
      /attachment; filename="activity-logs-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toBe("Time,User,Email,Module,Action,Status,Description,IP address,Details");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(",auth,Login,Failure,"))).toBe(true);
    expect(response.body).not.toMatch(/(^|,)=cmd/m);
  });

  it("is closed to staff without the activity log", async () => {
    const staff = await createStaff(app, admin, ["user:view-users"]);
    expect((await call(app, { url: "/api/activity-logs/export", token: staff.token })).status).toBe(403);
  });
});
