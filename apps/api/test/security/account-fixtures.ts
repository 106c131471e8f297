import { createHash, randomBytes } from "node:crypto";
import { passwordResetTokens } from "../../src/db/schema/index.ts";
import { call, createStaff, signIn, testAdmin } from "../harness.ts";
import { createSoftAuthenticator } from "../soft-authenticator.ts";
import {
  codeAt,
  enrolTotp,
  passkeyPrompt,
  passwordChallenge,
  registerSoftPasskey,
  type WebauthnOptions,
} from "../two-factor-helpers.ts";
import { emptyRole, type Fixture, type FixtureContext, person, unique } from "./fixture-kit.ts";

/** A live reset link for a new person: its hash is stored as the forgot-password email would. */
async function resetToken(c: FixtureContext): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await c.app.db.insert(passwordResetTokens).values({
    userId: await person(c),
    tokenHash: createHash("sha256").update(token).digest("hex"),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}
/** A lookalike signed in twice: the second session's token, and the first session's id to end. */
async function secondSession(c: FixtureContext): Promise<{ other: string; token: string }> {
  const first = await c.lookalike();
  const me = await call<{ email: string }>(c.app, { url: "/api/users/get-user", token: first.token });
  const token = await signIn(c.app, me.body.data.email, first.password);
  const listed = await call<{ _id: string; current: boolean }[]>(c.app, { url: "/api/users/sessions", token });
  const other = listed.body.data.find((session) => !session.current)?._id;
  if (!other) throw new Error(`no other session listed: ${listed.text}`);
  return { other, token };
}

/** Valid requests for the account routes: sign-in and its steps, profile, users, sessions, resets. */
export const accountFixtures: Record<string, Fixture> = {
  "POST /api/users/login": async () => ({
    url: "/api/users/login",
    body: { email: testAdmin.email, password: testAdmin.password },
  }),
  "POST /api/users/logout": async (c) => ({ url: "/api/users/logout", token: (await c.lookalike()).token }),
  "PUT /api/users/profile": async () => ({
    url: "/api/users/profile",
    body: { name: "Own Name", phone: "0987654321" },
  }),
  "PUT /api/users/change-password": async (c) => {
    const { token, password } = await c.lookalike();
    return {
      url: "/api/users/change-password",
      token,
      body: { currentPassword: password, newPassword: "new-password" },
    };
  },
  "POST /api/users": async (c) => ({
    url: "/api/users",
    body: {
      name: "New Person",
      email: `new-${unique()}@example.com`,
      phone: "0123456789",
      role: await emptyRole(c),
      password: "new-password",
    },
  }),
  "PUT /api/users/update-user/:id": async (c) => ({
    url: `/api/users/update-user/${await person(c)}`,
    body: { name: "Renamed Person", phone: "0987654321", role: await emptyRole(c) },
  }),
  "PUT /api/users/:id": async (c) => ({ url: `/api/users/${await person(c)}`, body: { isActive: false } }),
  "POST /api/users/login/second-factor": async (c) => {
    const staff = await createStaff(c.app, c.admin, []);
    const { secret } = await enrolTotp(c.app, staff.token);
    const challenge = await passwordChallenge(c.app, staff.email, staff.password);
    return { url: "/api/users/login/second-factor", body: { challenge, method: "totp", code: codeAt(secret, 1) } };
  },
  "POST /api/users/two-factor/totp/setup": async () => ({ url: "/api/users/two-factor/totp/setup" }),
  "POST /api/users/two-factor/totp/confirm": async (c) => {
    const { token } = await c.lookalike();
    const setup = await call<{ secret: string }>(c.app, {
      method: "POST",
      url: "/api/users/two-factor/totp/setup",
      token,
    });
    return { url: "/api/users/two-factor/totp/confirm", token, body: { code: codeAt(setup.body.data.secret) } };
  },
  "POST /api/users/two-factor/totp/disable": async (c) => {
    const { token } = await c.lookalike();
    await enrolTotp(c.app, token);
    return { url: "/api/users/two-factor/totp/disable", token };
  },
  "POST /api/users/two-factor/recovery-codes": async (c) => {
    const { token } = await c.lookalike();
    await enrolTotp(c.app, token);
    return { url: "/api/users/two-factor/recovery-codes", token };
  },
  "POST /api/users/:id/reset-two-factor": async (c) => ({ url: `/api/users/${await person(c)}/reset-two-factor` }),
  "POST /api/users/login/passkey/options": async () => ({ url: "/api/users/login/passkey/options", body: {} }),
  "POST /api/users/login/passkey": async (c) => {
    const staff = await createStaff(c.app, c.admin, []);
    const { authenticator } = await registerSoftPasskey(c.app, staff.token);
    return {
      url: "/api/users/login/passkey",
      body: { credential: authenticator.authenticate(await passkeyPrompt(c.app)) },
    };
  },
  "POST /api/users/two-factor/passkeys/options": async () => ({ url: "/api/users/two-factor/passkeys/options" }),
  "POST /api/users/two-factor/passkeys": async (c) => {
    const { token } = await c.lookalike();
    const options = await call<WebauthnOptions>(c.app, {
      method: "POST",
      url: "/api/users/two-factor/passkeys/options",
      token,
    });
    const credential = createSoftAuthenticator(c.app.publicUrl).register(options.body.data);
    return { url: "/api/users/two-factor/passkeys", token, body: { name: "Probe key", credential } };
  },
  "DELETE /api/users/two-factor/passkeys/:id": async (c) => {
    const { token } = await c.lookalike();
    const { passkey } = await registerSoftPasskey(c.app, token);
    return { url: `/api/users/two-factor/passkeys/${passkey._id}`, token };
  },
  "POST /api/users/forgot-password": async () => ({
    url: "/api/users/forgot-password",
    body: { email: `forgot-${unique()}@example.com` },
  }),
  "POST /api/users/reset-password": async (c) => ({
    url: "/api/users/reset-password",
    body: { token: await resetToken(c), password: "reset-password" },
  }),
  "POST /api/users/:id/send-password-reset": async (c) => ({
    url: `/api/users/${await person(c)}/send-password-reset`,
  }),
  "DELETE /api/users/sessions/:id": async (c) => {
    const { other, token } = await secondSession(c);
    return { url: `/api/users/sessions/${other}`, token };
  },
  "POST /api/users/sessions/sign-out-others": async (c) => ({
    url: "/api/users/sessions/sign-out-others",
    token: (await c.lookalike()).token,
  }),
};
