import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ilike } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app.ts";
import { activityLogs } from "../../src/db/schema/index.ts";
import { call, createStaff, openTestDatabase, signIn, testConfig } from "../harness.ts";
import { connectTestRedis, testRedisUrl } from "../redis.ts";
import { createSecurityApp } from "./support.ts";

const { app, database } = await createSecurityApp();
const admin = await signIn(app);

// Addresses no other test or earlier run uses: Redis keeps its counts between runs.
const run = `${Math.random().toString(16).slice(2, 6)}:${Math.random().toString(16).slice(2, 6)}`;
const address = (n: number) => `2001:db8:${run}::${n.toString(16)}`;
let nextAddress = 1;
const freshAddresses = (count: number) => Array.from({ length: count }, () => address(nextAddress++));

const signInFrom = (target: FastifyInstance, email: string, password: string, ip: string) =>
  call(target, { method: "POST", url: "/api/users/login", body: { email, password }, ip });

const statuses = (responses: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** Ten wrong passwords, each from another address, so that only the account's own count is full. */
async function lockAccount(target: FastifyInstance, email: string) {
  for (const ip of freshAddresses(10)) expect((await signInFrom(target, email, "wrong-password", ip)).status).toBe(401);
}

/** The failed sign-ins the activity log holds for an account. */
const failedSignIns = async (email: string, db = database.db) =>
  (
    await db
      .select()
      .from(activityLogs)
      .where(ilike(activityLogs.description, `%${email}%`))
  ).filter((row) => row.action === "Login" && row.status === "Failure");

describe("sign-in throttle", () => {
  // Every 401 is one password check that was done; a 429 is an attempt refused before any check.
  it("checks at most 10 of 100 parallel wrong passwords for one account, from 100 addresses", async () => {
    const staff = await createStaff(app, admin, []);
    const responses = await Promise.all(
      freshAddresses(100).map((ip) => signInFrom(app, staff.email, "wrong-password", ip)),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 90 });
  });

  it("checks at most 10 of 100 parallel wrong passwords from one address, across accounts", async () => {
    const [ip = ""] = freshAddresses(1);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signInFrom(app, `nobody-${run}-${i}@example.com`, "wrong-password", ip)),
    );
    expect(statuses(responses)).toEqual({ 401: 10, 429: 90 });
  });

  it("lets the owner sign in from an address they used before while the account is locked elsewhere", async () => {
    const staff = await createStaff(app, admin, []);
    const [home = "", stranger = ""] = freshAddresses(2);
    expect((await signInFrom(app, staff.email, staff.password, home)).status).toBe(200);
    await lockAccount(app, staff.email);
    expect((await signInFrom(app, staff.email, staff.password, stranger)).status).toBe(429);
    expect((await signInFrom(app, staff.email, staff.password, home)).status).toBe(200);
    // The owner's sign-in does not lift the lock for everyone else.
    expect((await signInFrom(app, staff.email, staff.password, stranger)).status).toBe(429);
  });

  it("still limits the owner's known address to 10 failures", async () => {
    const staff = await createStaff(app, admin, []);
    const [home = ""] = freshAddresses(1);
    expect((await signInFrom(app, staff.email, staff.password, home)).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await signInFrom(app, staff.email, "wrong", home)).status).toBe(401);
    expect((await signInFrom(app, staff.email, staff.password, home)).status).toBe(429);
  });

  it("summarises 300 refused sign-ins in one activity row with their count and addresses", async () => {
    const staff = await createStaff(app, admin, []);
    await lockAccount(app, staff.email);
    const attackers = freshAddresses(3);
    const refused = await Promise.all(
      Array.from({ length: 300 }, (_, i) => signInFrom(app, staff.email, "guess", attackers[i % 3] ?? "")),
    );
    expect(statuses(refused)).toEqual({ 429: 300 });
    await vi.waitFor(
      async () => {
        const rows = await failedSignIns(staff.email);
        const summaries = rows.filter((row) => row.details?.message === "Too many failed attempts");
        expect(rows.length - summaries.length).toBe(10);
        expect(summaries).toHaveLength(1);
        expect(summaries[0]?.details).toMatchObject({ attempts: 300 });
        expect([...((summaries[0]?.details?.addresses as string[]) ?? [])].sort()).toEqual([...attackers].sort());
      },
      { timeout: 5_000, interval: 200 },
    );
  });

  it("answers a deactivated account's right password exactly as a wrong one, and logs why", async () => {
    const staff = await createStaff(app, admin, []);
    await call(app, { method: "PUT", url: `/api/users/${staff.userId}`, token: admin, body: { isActive: false } });
    const [ip = ""] = freshAddresses(1);
    const right = await signInFrom(app, staff.email, staff.password, ip);
    const wrong = await signInFrom(app, staff.email, "wrong-password", ip);
    expect(right.status).toBe(401);
    expect(right.text).toBe(wrong.text);
    const reasons = (await failedSignIns(staff.email)).map((row) => row.details?.message);
    expect(reasons).toContain("Account deactivated");
  });
});

describe("change-password's current-password check", () => {
  it("checks at most 10 current passwords per person and refuses the rest with 429", async () => {
    const staff = await createStaff(app, admin, []);
    const attempts = freshAddresses(30).map((ip) =>
      call(app, {
        method: "PUT",
        url: "/api/users/change-password",
        token: staff.token,
        body: { currentPassword: "wrong-password", newPassword: "brand-new-pass" },
        ip,
      }),
    );
    expect(statuses(await Promise.all(attempts))).toEqual({ 400: 10, 429: 20 });
    const right = await call(app, {
      method: "PUT",
      url: "/api/users/change-password",
      token: staff.token,
      body: { currentPassword: staff.password, newPassword: "brand-new-pass" },
    });
    expect(right.status).toBe(429);
  });
});

const redis = await connectTestRedis("login-throttle-test");
afterAll(async () => {
  await redis?.quit();
});

describe.runIf(redis)("two instances sharing Redis", () => {
  it("check at most 10 of 100 parallel wrong passwords between them", async () => {
    const shared = await openTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), "shop-throttle-"));
    const config = testConfig({ DATA_DIR: dataDir, REDIS_URL: testRedisUrl() });
    const instances = [await buildApp(config, { database: shared }), await buildApp(config, { database: shared })];
    try {
      await Promise.all(instances.map((instance) => instance.ready()));
      const [a, b] = instances as [FastifyInstance, FastifyInstance];
      const staff = await createStaff(a, await signIn(a), []);
      const responses = await Promise.all(
        freshAddresses(100).map((ip, i) => signInFrom(i % 2 ? a : b, staff.email, "wrong-password", ip)),
      );
      expect(statuses(responses)).toEqual({ 401: 10, 429: 90 });
      // Closing writes what each instance counted; both add to one row.
      await Promise.all(instances.map((instance) => instance.close()));
      const summaries = (await failedSignIns(staff.email, shared.db)).filter(
        (row) => row.details?.message === "Too many failed attempts",
      );
      expect(summaries.map((row) => row.details?.attempts)).toEqual([90]);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await shared.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
