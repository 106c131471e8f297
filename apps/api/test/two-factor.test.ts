import type { SecondFactorChallenge, TotpSetup, TwoFactorStatus } from "@shop/shared/schemas/two-factor";
import type { UserDto } from "@shop/shared/schemas/users";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { activityLogs, recoveryCodes, userTotp } from "../src/db/schema/index.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";
import { codeAt, enrolTotp } from "./two-factor-helpers.ts";

const { app, database } = await createTestApp();
const admin = await signIn(app);

const enrol = (token: string) => enrolTotp(app, token);

async function passwordStep(server: FastifyInstance, email: string, password: string, ip?: string) {
  return call<SecondFactorChallenge & { token?: string; user?: UserDto }>(server, {
    method: "POST",
    url: "/api/users/login",
    body: { email, password },
    ...(ip && { ip }),
  });
}

function secondStep(challenge: string, body: Record<string, unknown>, ip?: string) {
  return call<{ token: string; user: UserDto }>(app, {
    method: "POST",
    url: "/api/users/login/second-factor",
    body: { challenge, ...body },
    ...(ip && { ip }),
  });
}

describe("TOTP enrolment", () => {
  it("shows a key and an otpauth URI, and turns on only after a valid first code", async () => {
    const staff = await createStaff(app, admin, []);
    const setup = await call<TotpSetup>(app, {
      method: "POST",
      url: "/api/users/two-factor/totp/setup",
      token: staff.token,
    });
    expect(setup.status).toBe(200);
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.body.data.uri);
    expect(`${uri.protocol}//${uri.host}`).toBe("otpauth://totp");
    expect(uri.searchParams.get("secret")).toBe(setup.body.data.secret);
    expect(uri.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(setup.body.data.uri)).toContain(staff.email);

    const wrong = await call(app, {
      method: "POST",
      url: "/api/users/two-factor/totp/confirm",
      token: staff.token,
      body: { code: codeAt(setup.body.data.secret, 5) },
    });
    expect(wrong.status).toBe(400);
    const before = await call<TwoFactorStatus>(app, { url: "/api/users/two-factor", token: staff.token });
    expect(before.body.data.totp).toBe(false);
    // A mis-scan leaves sign-in as it was: password only.
    expect((await passwordStep(app, staff.email, staff.password)).body.data.token).toMatch(/^ey/);

    const right = await call<{ recoveryCodes: string[] }>(app, {
      method: "POST",
      url: "/api/users/two-factor/totp/confirm",
      token: staff.token,
      body: { code: codeAt(setup.body.data.secret) },
    });
    expect(right.status).toBe(200);
    expect(right.body.data.recoveryCodes).toHaveLength(10);
    expect(new Set(right.body.data.recoveryCodes).size).toBe(10);
    const after = await call<TwoFactorStatus>(app, { url: "/api/users/two-factor", token: staff.token });
    expect(after.body.data).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [], required: false });
  });

  it("keeps the key encrypted and the recovery codes hashed in the database", async () => {
    const staff = await createStaff(app, admin, []);
    const { secret, recoveryCodes: shown } = await enrol(staff.token);
    const [stored] = await database.db
      .select({ secret: userTotp.secret })
      .from(userTotp)
      .where(eq(userTotp.userId, staff.userId));
    expect(stored?.secret).toBeTruthy();
    expect(stored?.secret).not.toContain(secret);
    const codes = await database.db
      .select({ hash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, staff.userId));
    expect(codes).toHaveLength(10);
    const hashes = codes.map(({ hash }) => hash).join(" ");
    for (const code of shown) expect(hashes).not.toContain(code.replace("-", ""));
  });
});

describe("sign-in with a second factor", () => {
  it("answers the password with a challenge, not a token, then the code with the token and user", async () => {
    const staff = await createStaff(app, admin, []);
    const { secret } = await enrol(staff.token);
    const first = await passwordStep(app, staff.email, staff.password);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ twoFactorRequired: true, methods: expect.arrayContaining(["totp"]) });
    expect(first.body.data.token).toBeUndefined();
    expect(first.body.data.user).toBeUndefined();
    // The challenge is not a session token.
    const misuse = await call(app, { url: "/api/users/get-user", token: first.body.data.challenge });
    expect(misuse.status).toBe(401);

    const second = await secondStep(first.body.data.challenge, { method: "totp", code: codeAt(secret, 1) });
    expect(second.status).toBe(200);
    expect(second.body.data.token).toMatch(/^ey/);
    expect(second.body.data.user).toMatchObject({ email: staff.email, isActive: true });
    const me = await call<UserDto>(app, { url: "/api/users/get-user", token: second.body.data.token });
    expect(me.status).toBe(200);
  });

  it("refuses a session token, a tampered challenge and a wrong code", async () => {
    const staff = await createStaff(app, admin, []);
    const { secret } = await enrol(staff.token);
    const { challenge } = (await passwordStep(app, staff.email, staff.password)).body.data;
    expect((await secondStep(staff.token, { method: "totp", code: codeAt(secret, 1) })).status).toBe(401);
    expect((await secondStep(`${challenge}x`, { method: "totp", code: codeAt(secret, 1) })).status).toBe(401);
    const wrong = await secondStep(challenge, { method: "totp", code: codeAt(secret, 7) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("That code is not valid. Try again.");
    expect((await secondStep(challenge, { method: "totp", code: "12ab56" })).status).toBe(400);
  });

  it("accepts a code once: a replay, and an earlier step's code, are refused", async () => {
    const staff = await createStaff(app, admin, []);
    const { secret, confirmedWith } = await enrol(staff.token);
    // The enrolment's own code cannot sign in either.
    const first = (await passwordStep(app, staff.email, staff.password)).body.data.challenge;
    expect((await secondStep(first, { method: "totp", code: confirmedWith })).status).toBe(401);
    expect((await secondStep(first, { method: "totp", code: codeAt(secret, 1) })).status).toBe(200);
    const again = (await passwordStep(app, staff.email, staff.password)).body.data.challenge;
    expect((await secondStep(again, { method: "totp", code: codeAt(secret, 1) })).status).toBe(401);
  });

  it("gives exactly one token for two parallel submissions of the same code", async () => {
    const staff = await createStaff(app, admin, []);
    const { secret } = await enrol(staff.token);
    const a = (await passwordStep(app, staff.email, staff.password)).body.data.challenge;
    const b = (await passwordStep(app, staff.email, staff.password)).body.data.challenge;
    const code = codeAt(secret, 1);
    const answers = await Promise.all([
      secondStep(a, { method: "totp", code }),
      secondStep(b, { method: "totp", code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(answers.filter((answer) => answer.body.data?.token)).toHaveLength(1);
  });

  it("counts wrong codes against the sign-in throttle, and a right password does not clear them", async () => {
    const staff = await createStaff(app, admin, []);
    const { secret } = await enrol(staff.token);
    const ip = "198.51.100.21";
    const { challenge } = (await passwordStep(app, staff.email, staff.password, ip)).body.data;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await secondStep(challenge, { method: "totp", code: "000000" }, ip)).status).toBe(401);
    }
    const refused = await secondStep(challenge, { method: "totp", code: codeAt(secret, 1) }, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // The account itself is held too: a new address with the right password gets no further.
    const elsewhere = await passwordStep(app, staff.email, staff.password, "198.51.100.22");
    expect(elsewhere.status).toBe(429);
  });

  it("leaves sign-in for users without a second factor exactly as it was", async () => {
    const staff = await createStaff(app, admin, []);
    const response = await passwordStep(app, staff.email, staff.password);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data).sort()).toEqual(["token", "user"]);
  });
});

describe("recovery codes", () => {
  it("signs in with a recovery code once; new codes replace the old ones", async () => {
    const staff = await createStaff(app, admin, []);
    const { recoveryCodes } = await enrol(staff.token);
    const [code = "", other = ""] = recoveryCodes;
    expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const first = (await passwordStep(app, staff.email, staff.password)).body.data.challenge;
    const used = await secondStep(first, { method: "recovery", code: code.toUpperCase() });
    expect(used.status).toBe(200);
    expect(used.body.data.token).toMatch(/^ey/);
    const again = (await passwordStep(app, staff.email, staff.password)).body.data.challenge;
    expect((await secondStep(again, { method: "recovery", code })).status).toBe(401);
    const status = await call<TwoFactorStatus>(app, { url: "/api/users/two-factor", token: staff.token });
    expect(status.body.data.recoveryCodesLeft).toBe(9);

    const fresh = await call<{ recoveryCodes: string[] }>(app, {
      method: "POST",
      url: "/api/users/two-factor/recovery-codes",
      token: staff.token,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recoveryCodes).toHaveLength(10);
    expect((await secondStep(again, { method: "recovery", code: other })).status).toBe(401);
    expect((await secondStep(again, { method: "recovery", code: fresh.body.data.recoveryCodes[0] })).status).toBe(200);
  });

  it("makes no recovery codes for a user without a second factor", async () => {
    const staff = await createStaff(app, admin, []);
    const response = await call(app, {
      method: "POST",
      url: "/api/users/two-factor/recovery-codes",
      token: staff.token,
    });
    expect(response.status).toBe(409);
  });
});

describe("a role that requires two-factor", () => {
  it("holds its users without a second factor to enrolment, on the server, until they enrol", async () => {
    const staff = await createStaff(app, admin, ["user:view-users"]);
    expect((await call(app, { url: "/api/users/get-all-users", token: staff.token })).status).toBe(200);
    const update = await call<{ requireTwoFactor: boolean }>(app, {
      method: "PUT",
      url: `/api/roles/update-role/${staff.roleId}`,
      token: admin,
      body: { requireTwoFactor: true },
    });
    expect(update.status).toBe(200);
    expect(update.body.data.requireTwoFactor).toBe(true);

    const login = await passwordStep(app, staff.email, staff.password);
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ twoFactorSetupRequired: true });
    const token = login.body.data.token ?? "";
    const blocked = await call(app, { url: "/api/users/get-all-users", token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe("Your role requires two-factor sign-in. Set it up to continue.");
    // The older session is held too: the rule is the role's, not the sign-in's.
    expect((await call(app, { url: "/api/users/get-all-users", token: staff.token })).status).toBe(403);
    expect(
      (await call(app, { method: "PUT", url: "/api/users/profile", token, body: { name: "Changed" } })).status,
    ).toBe(403);
    const me = await call<UserDto & { twoFactorSetupRequired?: boolean }>(app, { url: "/api/users/get-user", token });
    expect(me.status).toBe(200);
    expect(me.body.data.twoFactorSetupRequired).toBe(true);

    const { secret } = await enrol(token);
    expect((await call(app, { url: "/api/users/get-all-users", token })).status).toBe(200);
    // The last factor of a role that requires one cannot be removed.
    const remove = await call(app, { method: "POST", url: "/api/users/two-factor/totp/disable", token });
    expect(remove.status).toBe(409);
    const next = await passwordStep(app, staff.email, staff.password);
    expect(next.body.data.twoFactorRequired).toBe(true);
    expect((await secondStep(next.body.data.challenge, { method: "totp", code: codeAt(secret, 1) })).status).toBe(200);
  });

  it("shows the requirement on the role", async () => {
    const created = await call<{ _id: string; requireTwoFactor: boolean }>(app, {
      method: "POST",
      url: "/api/roles/create-role",
      token: admin,
      body: { name: "Two-factor staff", permissions: [], requireTwoFactor: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.requireTwoFactor).toBe(true);
  });
});

describe("resetting a user's second factors", () => {
  it("needs the permission to update users, removes every factor and is logged", async () => {
    const staff = await createStaff(app, admin, []);
    await enrol(staff.token);
    const viewer = await createStaff(app, admin, ["user:view-users"]);
    const url = `/api/users/${staff.userId}/reset-two-factor`;
    expect((await call(app, { method: "POST", url, token: viewer.token })).status).toBe(403);
    expect((await passwordStep(app, staff.email, staff.password)).body.data.twoFactorRequired).toBe(true);

    const manager = await createStaff(app, admin, ["user:view-users", "user:create-update-user"]);
    const reset = await call(app, { method: "POST", url, token: manager.token });
    expect(reset.status).toBe(200);
    const after = await passwordStep(app, staff.email, staff.password);
    expect(after.body.data.token).toMatch(/^ey/);
    const status = await call<TwoFactorStatus>(app, { url: "/api/users/two-factor", token: staff.token });
    expect(status.body.data).toMatchObject({ totp: false, recoveryCodesLeft: 0, passkeys: [] });
    const logged = await database.db
      .select({ description: activityLogs.description })
      .from(activityLogs)
      .where(and(eq(activityLogs.action, "Reset two-factor"), eq(activityLogs.userId, manager.userId)));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.description).toContain(staff.email);
  });

  it("is refused for an unknown user and for a super admin by a non-super admin", async () => {
    const manager = await createStaff(app, admin, ["user:view-users", "user:create-update-user"]);
    const missing = await call(app, {
      method: "POST",
      url: "/api/users/0190f4a0-0000-7000-8000-000000000000/reset-two-factor",
      token: manager.token,
    });
    expect(missing.status).toBe(404);
    const me = await call<UserDto>(app, { url: "/api/users/get-user", token: admin });
    const superAdmin = await call(app, {
      method: "POST",
      url: `/api/users/${me.body.data._id}/reset-two-factor`,
      token: manager.token,
    });
    expect(superAdmin.status).toBe(403);
  });
});
