import { accountCopy } from "@shop/shared/account-copy";
import type { SessionDto } from "@shop/shared/schemas/account";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessions } from "../src/db/schema/index.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app, database } = await createTestApp();
const db = database.db;
const admin = await signIn(app);

const chromeOnWindows =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const firefoxOnLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function signInFrom(email: string, password: string, ip: string, userAgent: string) {
  const response = await call<{ token: string }>(app, {
    method: "POST",
    url: "/api/users/login",
    body: { email, password },
    ip,
    headers: { "user-agent": userAgent },
  });
  expect(response.status).toBe(200);
  return response.body.data.token;
}
const list = (token: string) => call<SessionDto[]>(app, { url: "/api/users/sessions", token });
const alive = async (token: string) => (await call(app, { url: "/api/users/get-user", token })).status === 200;

afterEach(() => {
  vi.useRealTimers();
});

describe("the sessions one can see", () => {
  it("lists only one's own live sessions, in words, with the current one marked", async () => {
    const staff = await createStaff(app, admin, []);
    const windows = await signInFrom(staff.email, staff.password, "10.30.0.1", chromeOnWindows);
    const linux = await signInFrom(staff.email, staff.password, "10.30.0.2", firefoxOnLinux);
    await call(app, { method: "POST", url: "/api/users/logout", token: staff.token });

    const listed = await list(windows);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    const current = listed.body.data.find((s) => s.current);
    expect(current).toMatchObject({ ipAddress: "10.30.0.1", browser: "Chrome on Windows" });
    expect(listed.body.data.find((s) => !s.current)).toMatchObject({
      ipAddress: "10.30.0.2",
      browser: "Firefox on Linux",
    });
    expect(Date.parse(current?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(current?.lastSeenAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(linux)).body.data.find((s) => s.current)?.ipAddress).toBe("10.30.0.2");
    // Nobody else's sessions show.
    expect((await list(admin)).body.data.some((s) => s.ipAddress === "10.30.0.1")).toBe(false);
  });

  it("signs out one other session on its next request, but not someone else's", async () => {
    const staff = await createStaff(app, admin, []);
    const other = await signIn(app, staff.email, staff.password);
    const [otherSession] = (await list(other)).body.data.filter((s) => s.current);
    const stranger = await createStaff(app, admin, []);
    const theft = await call(app, {
      method: "DELETE",
      url: `/api/users/sessions/${otherSession?._id}`,
      token: stranger.token,
    });
    expect(theft.status).toBe(404);
    expect(await alive(other)).toBe(true);

    const ended = await call(app, {
      method: "DELETE",
      url: `/api/users/sessions/${otherSession?._id}`,
      token: staff.token,
    });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe(accountCopy.sessions.signedOut);
    expect(await alive(other)).toBe(false);
    expect(await alive(staff.token)).toBe(true);
    expect((await list(staff.token)).body.data).toHaveLength(1);
  });

  it("will not end the current session through the list (Logout does that)", async () => {
    const staff = await createStaff(app, admin, []);
    const [mine] = (await list(staff.token)).body.data;
    const refused = await call(app, { method: "DELETE", url: `/api/users/sessions/${mine?._id}`, token: staff.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(accountCopy.sessions.notCurrent);
    expect(await alive(staff.token)).toBe(true);
  });

  it("signs out every other session at once", async () => {
    const staff = await createStaff(app, admin, []);
    const others = [await signIn(app, staff.email, staff.password), await signIn(app, staff.email, staff.password)];
    const done = await call<{ count: number }>(app, {
      method: "POST",
      url: "/api/users/sessions/sign-out-others",
      token: staff.token,
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(accountCopy.sessions.othersSignedOut(2));
    for (const token of others) expect(await alive(token)).toBe(false);
    expect(await alive(staff.token)).toBe(true);
    expect(await alive(admin)).toBe(true);
  });

  it("writes last seen at most once a minute per session", async () => {
    const staff = await createStaff(app, admin, []);
    const [mine] = (await list(staff.token)).body.data;
    const lastSeen = async () => {
      const [row] = await db
        .select({ at: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.id, mine?._id ?? ""));
      return row?.at?.getTime();
    };
    const first = await lastSeen();
    expect(first).toBeDefined();
    // Moved back 30 s: a request now is within the minute and writes nothing.
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`last_seen_at - interval '30 seconds'` })
      .where(eq(sessions.id, mine?._id ?? ""));
    const moved = await lastSeen();
    for (let i = 0; i < 5; i++) await alive(staff.token);
    expect(await lastSeen()).toBe(moved);
    // A minute later the next request writes again.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    await alive(staff.token);
    expect(await lastSeen()).toBeGreaterThan(first ?? 0);
  });
});
