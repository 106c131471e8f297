import { accountCopy } from "@shop/shared/account-copy";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

/**
 * Three reset requests an hour per address stop anyone from flooding a mailbox, but a stranger who
 * spends them would lock the account's owner out of the way back. Requests from a network address
 * the account has signed in from count apart, so the owner keeps an allowance of their own there.
 */

const { app } = await createTestApp({ config: { PUBLIC_URL: "http://shop.test" } });
const admin = await signIn(app);

const forgot = (email: string, ip: string) =>
  call(app, { method: "POST", url: "/api/users/forgot-password", body: { email }, ip });

async function resetMailsTo(email: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    app.db,
    sql`select count(*)::int as n from mail_outbox where kind = 'password-reset' and recipient = lower(${email})`,
  );
  return row?.n ?? 0;
}

describe("the reset allowance of a network address the account signed in from", () => {
  it("is the owner's own: a stranger who spent the address's allowance does not lock them out", async () => {
    const owner = await createStaff(app, admin, []);
    const home = "198.51.100.23";
    const signedIn = await call(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: owner.email, password: owner.password },
      ip: home,
    });
    expect(signedIn.status, signedIn.text).toBe(200);

    // A stranger spends the address's three requests, from addresses of their own.
    for (let i = 0; i < 3; i += 1) expect((await forgot(owner.email, `203.0.113.${i + 1}`)).status).toBe(200);
    const stranger = await forgot(owner.email, "203.0.113.50");
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toBe(accountCopy.forgot.tooMany);

    const mailed = await resetMailsTo(owner.email);
    const fromHome = await forgot(owner.email, home);
    expect(fromHome.status, fromHome.text).toBe(200);
    expect(await resetMailsTo(owner.email)).toBe(mailed + 1);

    // Still limited there: three an hour, as anywhere.
    for (let i = 0; i < 2; i += 1) expect((await forgot(owner.email, home)).status).toBe(200);
    expect((await forgot(owner.email, home)).status).toBe(429);
  });

  it("is not given to an address the account never signed in from, nor for an unknown account", async () => {
    const owner = await createStaff(app, admin, []);
    for (let i = 0; i < 3; i += 1) expect((await forgot(owner.email, `192.0.2.${i + 1}`)).status).toBe(200);
    expect((await forgot(owner.email, "192.0.2.99")).status).toBe(429);
    const nobody = "nobody-allowance@example.com";
    for (let i = 0; i < 3; i += 1) expect((await forgot(nobody, `192.0.2.${i + 10}`)).status).toBe(200);
    expect((await forgot(nobody, "192.0.2.98")).status).toBe(429);
  });
});
