import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import { describe, expect, it, vi } from "vitest";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

type LogPage = { logs: ActivityLogDto[]; pagination: { totalLogs: number } };
const logs = (query: string) => call<LogPage>(app, { url: `/api/activity-logs?${query}`, token: admin });

describe("the activity log", () => {
  it("records sign-in, failed sign-in and sign-out with the user and IP", async () => {
    await call(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: "admin@example.com", password: "nope" },
      ip: "203.0.113.5",
    });
    const token = await signIn(app);
    await call(app, { method: "POST", url: "/api/users/logout", token });
    const auth = (await logs("module=auth")).body.data.logs;
    const failed = auth.find((log) => log.status === "Failure");
    expect(failed).toMatchObject({ action: "Login", ipAddress: "203.0.113.5", details: { message: "Wrong password" } });
    expect(failed?.userId?.email).toBe("admin@example.com");
    expect(auth.some((log) => log.action === "Logout" && log.status === "Success")).toBe(true);
    expect(JSON.stringify(auth)).not.toContain("nope");
  });

  it("records a user change with original and updated values", async () => {
    const staff = await createStaff(app, admin, []);
    await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${staff.userId}`,
      token: admin,
      body: { name: "Renamed Person" },
    });
    const entry = (await logs("module=user&search=Updated")).body.data.logs[0];
    expect(entry?.details?.fieldChanges).toEqual({
      original: { name: "Staff Member" },
      updated: { name: "Renamed Person" },
    });
    expect(entry?.details?.userInfo?.email).toBe(staff.email);
  });

  it("records a refused staff write as a Failure with the reason", async () => {
    const staff = await createStaff(app, admin, ["user:create-update-user"]);
    const refused = await call(app, {
      method: "POST",
      url: "/api/users",
      token: staff.token,
      body: {
        name: "Ab",
        email: "x@example.com",
        phone: "0123456789",
        role: staff.roleId,
        password: "secret",
        isSuperAdmin: true,
      },
    });
    expect(refused.status).toBe(403);
    const entry = (await logs(`module=user&status=Failure&userId=${staff.userId}`)).body.data.logs[0];
    expect(entry).toMatchObject({ action: "Create user", status: "Failure" });
    expect(entry?.details?.message).toBe("Only a super admin can grant super admin rights");
  });

  it("records what a refused write aimed at: its target and the names of the fields sent, never their values", async () => {
    const manager = await createStaff(app, admin, ["user:create-update-user", "user:view-users"]);
    const me = await call<{ _id: string }>(app, { url: "/api/users/get-user", token: admin });
    const refused = await call(app, {
      method: "PUT",
      url: `/api/users/update-user/${me.body.data._id}`,
      token: manager.token,
      body: { name: "Hijacked Name", phone: "0999999999" },
    });
    expect(refused.status).toBe(403);
    const entry = (await logs(`module=user&status=Failure&userId=${manager.userId}`)).body.data.logs[0];
    expect(entry).toMatchObject({ action: "Update user", description: "Update user failed" });
    expect(entry?.details).toMatchObject({ params: { id: me.body.data._id }, fields: ["name", "phone"] });
    expect(JSON.stringify(entry)).not.toMatch(/Hijacked|0999999999/);
  });

  it("folds a flood of refused writes into a bounded number of rows that still count every attempt", async () => {
    const staff = await createStaff(app, admin, ["user:view-users"]);
    const flood = 200;
    for (let attempt = 0; attempt < flood; attempt += 1) {
      const refused = await call(app, { method: "POST", url: "/api/users", token: staff.token, body: {} });
      expect(refused.status).toBe(403);
    }
    const failures = () => logs(`module=user&status=Failure&userId=${staff.userId}&limit=100`);
    // Repeats reach the log in a summary written within a second or so; a row without a count is one attempt.
    await vi.waitFor(
      async () => {
        const { logs: rows, pagination } = (await failures()).body.data;
        const counted = rows.reduce((sum, row) => sum + (Number(row.details?.attempts) || 1), 0);
        expect(counted + pagination.totalLogs - rows.length).toBe(flood);
      },
      { timeout: 10_000, interval: 250 },
    );
    expect((await failures()).body.data.pagination.totalLogs).toBeLessThanOrEqual(3);
  });

  it("filters by date range and paginates newest first", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = await logs(`from=${today}&to=${today}&limit=2`);
    expect(all.status).toBe(200);
    expect(all.body.data.logs).toHaveLength(2);
    const [first, second] = all.body.data.logs;
    expect(Date.parse(first?.createdAt ?? "") >= Date.parse(second?.createdAt ?? "")).toBe(true);
    expect((await logs("from=2000-01-01&to=2000-01-02")).body.data.pagination.totalLogs).toBe(0);
  });

  it("is closed to staff without the activitylog module", async () => {
    const staff = await createStaff(app, admin, ["user:view-users"]);
    expect((await call(app, { url: "/api/activity-logs", token: staff.token })).status).toBe(403);
    const auditor = await createStaff(app, admin, ["activitylog:view-activity-logs"]);
    expect((await call(app, { url: "/api/activity-logs", token: auditor.token })).status).toBe(200);
  });
});
