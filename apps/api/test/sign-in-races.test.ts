import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResetTokens, products } from "../src/db/schema/index.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";
import { codeAt, enrolTotp, passwordChallenge } from "./two-factor-helpers.ts";

// A password change or reset is how a person shuts out whoever learnt the old password: no session
// opened with the old one may outlive it, however the sign-ins are timed against the change.
const { app, database } = await createTestApp();
const admin = await signIn(app);

const alive = async (token: string) => (await call(app, { url: "/api/users/get-user", token })).status === 200;

/**
 * Signs in with `password` every few milliseconds until `change` has been answered, and a few times
 * after: a sign-in that read the password before the change and opened its session after it is the
 * one that must not survive. Returns how many sign-ins got a token, and how many tokens still work.
 */
let racer = 0;
async function signInsDuring(email: string, password: string, change: Promise<unknown>) {
  // From an address of their own: the sign-ins refused after the change count against it, not the harness's.
  racer += 1;
  const ip = `10.99.${racer}.1`;
  let changed = false;
  const finished = change.finally(() => {
    changed = true;
  });
  const attempts: Promise<string | undefined>[] = [];
  const attempt = () =>
    call<{ token: string }>(app, { method: "POST", url: "/api/users/login", body: { email, password }, ip }).then(
      (response) => (response.status === 200 ? response.body.data.token : undefined),
    );
  for (let i = 0; i < 120 && !changed; i += 1) {
    attempts.push(attempt());
    await sleep(3);
  }
  for (let i = 0; i < 5; i += 1) attempts.push(attempt());
  await finished;
  const tokens = (await Promise.all(attempts)).filter((token) => token !== undefined);
  const surviving = (await Promise.all(tokens.map(alive))).filter(Boolean).length;
  return { signedIn: tokens.length, surviving };
}

describe("sign-ins racing a change of password", () => {
  it("leaves no session opened with the old password alive after the owner changes it", async () => {
    const staff = await createStaff(app, admin, []);
    const change = sleep(60).then(() =>
      call(app, {
        method: "PUT",
        url: "/api/users/change-password",
        token: staff.token,
        body: { currentPassword: staff.password, newPassword: "Brand-New-Password-1" },
      }),
    );
    const { signedIn, surviving } = await signInsDuring(staff.email, staff.password, change);
    expect((await change).status).toBe(200);
    expect(signedIn).toBeGreaterThan(0);
    expect(surviving).toBe(0);
  });

  it("leaves no session opened with the old password alive after a reset from the emailed link", async () => {
    const staff = await createStaff(app, admin, []);
    const token = randomBytes(32).toString("base64url");
    await database.db.insert(passwordResetTokens).values({
      userId: staff.userId,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const reset = sleep(60).then(() =>
      call(app, {
        method: "POST",
        url: "/api/users/reset-password",
        body: { token, password: "Brand-New-Password-2" },
      }),
    );
    const { signedIn, surviving } = await signInsDuring(staff.email, staff.password, reset);
    expect((await reset).status).toBe(200);
    expect(signedIn).toBeGreaterThan(0);
    expect(surviving).toBe(0);
  });

  it("refuses the second step of a sign-in whose password was changed since the first", async () => {
    const staff = await createStaff(app, admin, []);
    const { secret } = await enrolTotp(app, staff.token);
    const challenge = await passwordChallenge(app, staff.email, staff.password);
    const changed = await call(app, {
      method: "PUT",
      url: "/api/users/change-password",
      token: staff.token,
      body: { currentPassword: staff.password, newPassword: "Brand-New-Password-3" },
    });
    expect(changed.status).toBe(200);
    const second = await call<{ token: string }>(app, {
      method: "POST",
      url: "/api/users/login/second-factor",
      body: { challenge, method: "totp", code: codeAt(secret, 1) },
    });
    expect(second.status).toBe(401);
    expect(second.body.data).toBeUndefined();
  });
});

describe("a session held to two-factor enrolment", () => {
  it("is a visitor on the public routes: hidden products stay hidden", async () => {
    const staff = await createStaff(app, admin, ["product:view-products"]);
    const [product] = await database.db.select({ id: products.id }).from(products).limit(1);
    if (!product) throw new Error("the seed has no product");
    await database.db.update(products).set({ status: "inactive" }).where(eq(products.id, product.id));
    try {
      // Before the role asks for a second factor, staff who may view products see the hidden one.
      expect((await call(app, { url: `/api/products/${product.id}`, token: staff.token })).status).toBe(200);
      const required = await call(app, {
        method: "PUT",
        url: `/api/roles/update-role/${staff.roleId}`,
        token: admin,
        body: { requireTwoFactor: true },
      });
      expect(required.status).toBe(200);
      expect((await call(app, { url: `/api/products/${product.id}` })).status).toBe(404);
      expect((await call(app, { url: `/api/products/${product.id}`, token: staff.token })).status).toBe(404);
      const hidden = await call<{ products: { _id: string }[] }>(app, {
        url: "/api/products?status=inactive",
        token: staff.token,
      });
      expect(hidden.body.data?.products?.map((p) => p._id) ?? []).not.toContain(product.id);
    } finally {
      await database.db.update(products).set({ status: "active" }).where(eq(products.id, product.id));
    }
  });
});
