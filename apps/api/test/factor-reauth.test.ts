import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../src/db/schema/index.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";
import { enrolTotp, registerSoftPasskey } from "./two-factor-helpers.ts";

const { app, database } = await createTestApp();
const admin = await signIn(app);

/** As if the user signed in `minutes` ago: a token left in a browser, or stolen from one. */
const ageSessions = (userId: string, minutes: number) =>
  database.db
    .update(sessions)
    .set({ createdAt: sql`${sessions.createdAt} - ${`${minutes} minutes`}::interval` })
    .where(eq(sessions.userId, userId));

describe("changing how one signs in needs a recent sign-in or the password", () => {
  it("refuses a session signed in long ago every change of factors without the password, then takes the right one", async () => {
    const staff = await createStaff(app, admin, []);
    const { passkey } = await registerSoftPasskey(app, staff.token);
    await enrolTotp(app, staff.token);
    await ageSessions(staff.userId, 30);
    const changes = [
      { method: "POST", url: "/api/users/two-factor/passkeys/options" },
      { method: "POST", url: "/api/users/two-factor/totp/setup" },
      { method: "POST", url: "/api/users/two-factor/totp/disable" },
      { method: "POST", url: "/api/users/two-factor/recovery-codes" },
      { method: "DELETE", url: `/api/users/two-factor/passkeys/${passkey._id}` },
    ] as const;
    for (const change of changes) {
      const bare = await call(app, { ...change, token: staff.token });
      expect(bare.status, change.url).toBe(403);
      expect(bare.body.errors?.currentPassword, change.url).toBeTruthy();
      const wrong = await call(app, { ...change, token: staff.token, body: { currentPassword: "not-my-password" } });
      expect(wrong.status, change.url).toBe(400);
      expect(wrong.body.errors?.currentPassword, change.url).toBeTruthy();
    }
    // Nothing changed meanwhile.
    const status = await call<{ totp: boolean; passkeys: unknown[] }>(app, {
      url: "/api/users/two-factor",
      token: staff.token,
    });
    expect(status.body.data.totp).toBe(true);
    expect(status.body.data.passkeys).toHaveLength(1);

    // In an order each is allowed in: codes while a factor is on, a new app once the old one is off.
    for (const change of [changes[0], changes[3], changes[2], changes[1], changes[4]]) {
      const allowed = await call(app, { ...change, token: staff.token, body: { currentPassword: staff.password } });
      expect(allowed.status, change.url).toBeLessThan(300);
    }
  });

  it("lets a fresh sign-in (the enrolment a role asks for right after it) go on without asking again", async () => {
    const staff = await createStaff(app, admin, []);
    await ageSessions(staff.userId, 5);
    const started = await call(app, { method: "POST", url: "/api/users/two-factor/totp/setup", token: staff.token });
    expect(started.status).toBe(200);
  });
});
