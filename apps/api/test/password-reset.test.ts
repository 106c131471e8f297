import { createHash } from "node:crypto";
import { accountCopy } from "@shop/shared/account-copy";
import { mailDeliveryCopy } from "@shop/shared/schemas/mail-delivery";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { activityLogs, passwordResetTokens, users } from "../src/db/schema/index.ts";
import { queryRows } from "../src/lib/sql.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";
import { decodedBody, startSmtpSink } from "./smtp-sink.ts";

/** Addresses the relay refuses for now (451), as a full mailbox or a greylisting server does. */
const deferred = new Set<string>();
const sink = await startSmtpSink({
  reject: (to) => (deferred.has(to.toLowerCase()) ? { code: 451, message: "Try again later" } : undefined),
});
afterAll(() => sink.close());
const { app, database } = await createTestApp({
  config: { PUBLIC_URL: "http://shop.test", MAIL_FROM: "Shop <shop@shop.test>", SMTP_URL: sink.url },
});
const db = database.db;
const admin = await signIn(app);

let visitor = 0;
const nextIp = () => {
  visitor += 1;
  return `10.20.${(visitor >> 8) & 255}.${visitor & 255}`;
};
let unknownCount = 0;
const unknownAddress = () => {
  unknownCount += 1;
  return `nobody-${unknownCount}-${Math.random().toString(36).slice(2, 7)}@example.com`;
};

const forgot = (email: string, ip = nextIp()) =>
  call(app, { method: "POST", url: "/api/users/forgot-password", body: { email }, ip });
const reset = (token: string, password: string, ip = nextIp()) =>
  call(app, { method: "POST", url: "/api/users/reset-password", body: { token, password }, ip });

/** Sends what the outbox holds and returns the token of the newest reset link mailed to `email`. */
async function linkFor(email: string): Promise<string | undefined> {
  await app.outbox.drain();
  const mails = sink.messages.filter((m) => m.to.includes(email.toLowerCase()));
  const body = decodedBody(mails.at(-1)?.raw ?? "");
  return /http:\/\/shop\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
}
const mailCount = async (email: string) => {
  await app.outbox.drain();
  return sink.messages.filter((m) => m.to.includes(email.toLowerCase())).length;
};
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("asking for a reset", () => {
  it("answers every address the same, and mails a one-hour link only to a live account", async () => {
    const staff = await createStaff(app, admin, []);
    const known = await forgot(staff.email);
    const unknown = await forgot(unknownAddress());
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: accountCopy.forgot.sent });
    expect(unknown.body).toEqual(known.body);

    const token = await linkFor(staff.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is kept: the table holds nothing that works as a link.
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, staff.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token ?? ""));
    expect(JSON.stringify(rows)).not.toContain(token);
    const validFor = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(validFor).toBeGreaterThan(59 * 60_000);
    expect(validFor).toBeLessThanOrEqual(60 * 60_000 + 1_000);
  });

  it("sends nothing to a deactivated user, with the same answer, and refuses a link they held", async () => {
    const staff = await createStaff(app, admin, []);
    await forgot(staff.email);
    const earlier = await linkFor(staff.email);
    expect(earlier).toBeDefined();
    await call(app, { method: "PUT", url: `/api/users/${staff.userId}`, token: admin, body: { isActive: false } });
    const before = await mailCount(staff.email);
    const answer = await forgot(staff.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: accountCopy.forgot.sent });
    expect(await mailCount(staff.email)).toBe(before);
    const refused = await reset(earlier ?? "", "back-in-again");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(accountCopy.reset.invalid);
  });

  it("takes as long for an unknown address as for a known one (ratio of medians of 20 each)", async () => {
    const [model] = await db.select({ hash: users.passwordHash }).from(users).limit(1);
    const known = Array.from(
      { length: 20 },
      (_, i) => `timing-${i}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    );
    await db
      .insert(users)
      .values(known.map((email) => ({ name: "Timing Person", email, passwordHash: model?.hash ?? "" })));
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await forgot(email);
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Interleaved, so a slow moment of the machine falls on both sides.
    for (const email of known) {
      knownTimes.push(await timed(email));
      unknownTimes.push(await timed(unknownAddress()));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const ratio = median(knownTimes) / median(unknownTimes);
    console.info(
      `forgot-password median known ${median(knownTimes).toFixed(1)} ms, unknown ${median(unknownTimes).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.33);
    expect(await mailCount(known[0] ?? "")).toBe(1);
  }, 120_000);

  it("limits requests per address, known or not, whatever the client address", async () => {
    const staff = await createStaff(app, admin, []);
    for (const email of [staff.email, unknownAddress()]) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(200);
      const refused = await forgot(email);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(accountCopy.forgot.tooMany);
    }
    expect(await mailCount(staff.email)).toBe(3);
  });

  it("limits requests per client address, whatever the address asked for", async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await forgot(unknownAddress(), ip)).status).toBe(200);
    expect((await forgot(unknownAddress(), ip)).status).toBe(429);
    expect((await forgot(unknownAddress(), nextIp())).status).toBe(200);
  });

  it("refuses what is not an email address with a clear message", async () => {
    const bad = await forgot("not-an-address");
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.email).toBe("Please enter a valid email address");
  });
});

describe("setting a new password from the link", () => {
  it("sets it, signs every session out, and spends the link", async () => {
    const staff = await createStaff(app, admin, []);
    const other = await signIn(app, staff.email, staff.password);
    await forgot(staff.email);
    const token = (await linkFor(staff.email)) ?? "";
    const done = await reset(token, "fresh-password");
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, message: accountCopy.reset.done });
    for (const session of [staff.token, other]) {
      expect((await call(app, { url: "/api/users/get-user", token: session })).status).toBe(401);
    }
    await expect(signIn(app, staff.email, staff.password)).rejects.toThrow();
    expect(await signIn(app, staff.email, "fresh-password")).toMatch(/^ey/);
    const again = await reset(token, "another-password");
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(accountCopy.reset.invalid);
    await expect(signIn(app, staff.email, "another-password")).rejects.toThrow();
  });

  it("lets exactly one of 10 parallel resets with one token through", async () => {
    const staff = await createStaff(app, admin, []);
    await forgot(staff.email);
    const token = (await linkFor(staff.email)) ?? "";
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => reset(token, `parallel-${i}-password`)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(9);
    const winner = answers.indexOf(won[0] as (typeof answers)[number]);
    expect(await signIn(app, staff.email, `parallel-${winner}-password`)).toMatch(/^ey/);
  });

  it("refuses a tampered or expired link, and a password the spec refuses", async () => {
    const staff = await createStaff(app, admin, []);
    await forgot(staff.email);
    const token = (await linkFor(staff.email)) ?? "";
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await reset(flipped, "tampered-pass")).status).toBe(400);
    expect((await reset("A".repeat(43), "tampered-pass")).status).toBe(400);
    const short = await reset(token, "12345");
    expect(short.status).toBe(400);
    expect(short.body.errors?.password).toBe("Password must be at least 6 characters long");

    await db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    const expired = await reset(token, "expired-pass");
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(accountCopy.reset.invalid);
    expect(await signIn(app, staff.email, staff.password)).toMatch(/^ey/);
  });
});

describe("a user manager sends the link", () => {
  it("needs the permission that edits users, mails the link, and logs request and reset without the token", async () => {
    const target = await createStaff(app, admin, []);
    const viewer = await createStaff(app, admin, ["user:view-users"]);
    const url = `/api/users/${target.userId}/send-password-reset`;
    expect((await call(app, { method: "POST", url, token: viewer.token })).status).toBe(403);
    const manager = await createStaff(app, admin, ["user:view-users", "user:create-update-user"]);
    const sent = await call(app, { method: "POST", url, token: manager.token });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(accountCopy.manager.sent(target.email));
    const token = (await linkFor(target.email)) ?? "";
    expect(token).not.toBe("");
    expect((await reset(token, "managed-password")).status).toBe(200);

    const logs = await db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.module, "user"), sql`${activityLogs.description} like ${`%${target.email}%`}`));
    const actions = logs.map((log) => log.action);
    expect(actions).toContain("Send password reset link");
    expect(actions).toContain("Reset password");
    expect(logs.find((log) => log.action === "Send password reset link")?.userId).toBe(manager.userId);
    const everything = JSON.stringify(await db.select().from(activityLogs));
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(sha256(token));
  });

  it("logs a reset asked for from the sign-in page", async () => {
    const staff = await createStaff(app, admin, []);
    await forgot(staff.email);
    const logs = await db.select().from(activityLogs).where(eq(activityLogs.userId, staff.userId));
    expect(logs.map((log) => log.action)).toContain("Request password reset");
  });

  it("refuses a deactivated user, and a user outside the manager's reach", async () => {
    const manager = await createStaff(app, admin, ["user:view-users", "user:create-update-user"]);
    const off = await createStaff(app, admin, []);
    await call(app, { method: "PUT", url: `/api/users/${off.userId}`, token: admin, body: { isActive: false } });
    const inactive = await call(app, {
      method: "POST",
      url: `/api/users/${off.userId}/send-password-reset`,
      token: manager.token,
    });
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe(accountCopy.manager.inactive);
    const stronger = await createStaff(app, admin, ["product:view-products"]);
    const beyond = await call(app, {
      method: "POST",
      url: `/api/users/${stronger.userId}/send-password-reset`,
      token: manager.token,
    });
    expect(beyond.status).toBe(403);
    expect(await mailCount(off.email)).toBe(0);
    expect(await mailCount(stronger.email)).toBe(0);
  });
});

describe("a link that can no longer be used is not kept alive", () => {
  /** Moves every time on these rows back by `minutes`, as if that long had passed (whatever columns they have). */
  async function age(table: string, where: ReturnType<typeof sql>, minutes: number) {
    const columns = await queryRows<{ column_name: string }>(
      db,
      sql`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and data_type like 'timestamp%'`,
    );
    const shifts = columns.map(
      ({ column_name }) =>
        sql`${sql.identifier(column_name)} = ${sql.identifier(column_name)} - ${`${minutes} minutes`}::interval`,
    );
    await db.execute(sql`update ${sql.identifier(table)} set ${sql.join(shifts, sql`, `)} where ${where}`);
  }

  it("stops retrying the reset email once its link has expired: no dead link arrives late", async () => {
    const staff = await createStaff(app, admin, []);
    const address = staff.email.toLowerCase();
    deferred.add(address);
    try {
      await forgot(staff.email);
      expect(await mailCount(staff.email)).toBe(0);
    } finally {
      deferred.delete(address);
    }
    // An hour and a minute later the relay takes mail again, and the retry is due.
    await age("password_reset_tokens", sql`user_id = ${staff.userId}`, 61);
    await age("mail_outbox", sql`recipient = ${address} and kind = 'password-reset'`, 61);
    expect(await mailCount(staff.email)).toBe(0);
    const [row] = await queryRows<{ id: string; status: string; last_error: string | null }>(
      db,
      sql`select id, status, last_error from mail_outbox where recipient = ${address} and kind = 'password-reset'`,
    );
    expect(row?.status).toBe("failed");
    expect(row?.last_error).toMatch(/expired/i);
    // Staff cannot send it again either: the link in it is dead.
    const retried = await call(app, { method: "POST", url: `/api/mail-delivery/${row?.id}/retry`, token: admin });
    expect(retried.status).toBe(409);
    expect(retried.body.message).toBe(mailDeliveryCopy.expired);
    expect(await mailCount(staff.email)).toBe(0);
  });

  it("spends the open links when the password is changed, or the account deactivated", async () => {
    const staff = await createStaff(app, admin, []);
    await forgot(staff.email);
    const beforeChange = (await linkFor(staff.email)) ?? "";
    const changed = await call(app, {
      method: "PUT",
      url: "/api/users/change-password",
      token: staff.token,
      body: { currentPassword: staff.password, newPassword: "changed-by-owner" },
    });
    expect(changed.status).toBe(200);
    const afterChange = await reset(beforeChange, "taken-over-password");
    expect(afterChange.status).toBe(400);
    expect(afterChange.body.message).toBe(accountCopy.reset.invalid);

    await forgot(staff.email);
    const beforeDeactivation = (await linkFor(staff.email)) ?? "";
    const toggle = (isActive: boolean) =>
      call(app, { method: "PUT", url: `/api/users/${staff.userId}`, token: admin, body: { isActive } });
    expect((await toggle(false)).status).toBe(200);
    expect((await toggle(true)).status).toBe(200);
    const afterReactivation = await reset(beforeDeactivation, "taken-over-password");
    expect(afterReactivation.status).toBe(400);
    expect(await signIn(app, staff.email, "changed-by-owner")).toMatch(/^ey/);
  });
});
