import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/harness.ts";
import { activityLogs } from "../db/schema/index.ts";
import { createRefusalSummary, type Refusal } from "./refusal-summary.ts";

const database = await openTestDatabase();
afterAll(() => database.close());
const { db } = database;

let counter = 0;
const refusalFor = (burst: string) => (address: string, account?: string) =>
  ({
    burst,
    module: "auth",
    action: "Login",
    description: `Sign-ins for ${burst} refused`,
    userId: null,
    address,
    ...(account && { account }),
  }) satisfies Refusal;
const uniqueBurst = () => `account:summary-${++counter}-${Date.now()}@example.com`;

const rowsOf = (burst: string) =>
  db.select().from(activityLogs).where(sql`${activityLogs.details}->>'burst' = ${burst}`);

const errors: unknown[] = [];
const create = (burstGapMs = 60_000) =>
  createRefusalSummary(db, { burstGapMs, flushMs: 60_000, onError: (error) => errors.push(error) });

describe("refusal summary", () => {
  it("writes one row per burst and adds later refusals to it", async () => {
    const burst = uniqueBurst();
    const refuse = refusalFor(burst);
    const summary = create();
    for (const address of ["192.0.2.1", "192.0.2.2", "192.0.2.1"]) summary.note(refuse(address));
    await summary.flush();
    summary.note(refuse("192.0.2.3"));
    summary.note(refuse("192.0.2.3"));
    await summary.flush();
    const rows = await rowsOf(burst);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "Failure",
      ipAddress: "192.0.2.1",
      description: `Sign-ins for ${burst} refused`,
    });
    expect(rows[0]?.details).toMatchObject({
      message: "Too many failed attempts",
      attempts: 5,
      addresses: ["192.0.2.1", "192.0.2.2", "192.0.2.3"],
    });
    expect(errors).toEqual([]);
  });

  it("lets instances sharing a database add to the same row", async () => {
    const burst = uniqueBurst();
    const refuse = refusalFor(burst);
    const [a, b] = [create(), create()];
    a.note(refuse("192.0.2.1"));
    b.note(refuse("192.0.2.2"));
    await Promise.all([a.flush(), b.flush()]);
    const rows = await rowsOf(burst);
    expect(rows.map((row) => row.details?.attempts)).toEqual([2]);
  });

  it("starts a new row once the burst has been quiet for the gap", async () => {
    const burst = uniqueBurst();
    const refuse = refusalFor(burst);
    const summary = create(50);
    summary.note(refuse("192.0.2.1"));
    await summary.flush();
    await sleep(100);
    summary.note(refuse("192.0.2.1"));
    await summary.flush();
    expect(await rowsOf(burst)).toHaveLength(2);
  });

  it("lists at most 50 addresses and the accounts an address tried, and counts every attempt", async () => {
    const burst = `ip:198.51.100.${++counter % 250}-${Date.now()}`;
    const refuse = refusalFor(burst);
    const summary = create();
    for (let i = 0; i < 60; i += 1) summary.note(refuse(`10.0.0.${i}`, `person${i % 3}@example.com`));
    await summary.flush();
    const [row] = await rowsOf(burst);
    expect(row?.details?.attempts).toBe(60);
    expect(row?.details?.addresses).toHaveLength(50);
    expect(row?.details?.accounts).toEqual(["person0@example.com", "person1@example.com", "person2@example.com"]);
  });

  it("writes nothing when nothing was refused", async () => {
    const before = await db.select({ id: activityLogs.id }).from(activityLogs);
    await create().flush();
    expect(await db.select({ id: activityLogs.id }).from(activityLogs)).toHaveLength(before.length);
  });
});
