import type { PasskeyDto, TotpSetup } from "@shop/shared/schemas/two-factor";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { call } from "./harness.ts";
import { createSoftAuthenticator } from "./soft-authenticator.ts";

/** The code an authenticator app shows `steps` 30-second steps from now. */
export const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** Turns TOTP on for a signed-in user with this step's code; the next step's is left for signing in. */
export async function enrolTotp(app: FastifyInstance, token: string) {
  const setup = await call<TotpSetup>(app, { method: "POST", url: "/api/users/two-factor/totp/setup", token });
  if (setup.status !== 200) throw new Error(`TOTP setup failed: ${setup.status} ${setup.text}`);
  const { secret } = setup.body.data;
  const confirmedWith = codeAt(secret);
  const confirm = await call<{ recoveryCodes: string[] }>(app, {
    method: "POST",
    url: "/api/users/two-factor/totp/confirm",
    token,
    body: { code: confirmedWith },
  });
  if (confirm.status !== 200) throw new Error(`TOTP confirm failed: ${confirm.status} ${confirm.text}`);
  return { secret, confirmedWith, recoveryCodes: confirm.body.data.recoveryCodes };
}

/** The challenge a password answers for a user with a second factor. */
export async function passwordChallenge(app: FastifyInstance, email: string, password: string) {
  const response = await call<{ challenge?: string }>(app, {
    method: "POST",
    url: "/api/users/login",
    body: { email, password },
  });
  const challenge = response.body.data?.challenge;
  if (!challenge) throw new Error(`no challenge for ${email}: ${response.status} ${response.text}`);
  return challenge;
}

export type WebauthnOptions = { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string };

/** Registers a software passkey (soft-authenticator.ts) for a signed-in user, for the app's PUBLIC_URL. */
export async function registerSoftPasskey(app: FastifyInstance, token: string, name = "Laptop") {
  const authenticator = createSoftAuthenticator(app.publicUrl);
  const options = await call<WebauthnOptions>(app, {
    method: "POST",
    url: "/api/users/two-factor/passkeys/options",
    token,
  });
  const added = await call<PasskeyDto>(app, {
    method: "POST",
    url: "/api/users/two-factor/passkeys",
    token,
    body: { name, credential: authenticator.register(options.body.data) },
  });
  if (added.status !== 201) throw new Error(`passkey registration failed: ${added.status} ${added.text}`);
  return { authenticator, passkey: added.body.data, rpId: options.body.data.rp.id };
}

/** The options of a passwordless passkey sign-in. */
export async function passkeyPrompt(app: FastifyInstance, challenge?: string) {
  const options = await call<WebauthnOptions>(app, {
    method: "POST",
    url: "/api/users/login/passkey/options",
    body: challenge ? { challenge } : {},
  });
  if (options.status !== 200) throw new Error(`passkey options failed: ${options.status} ${options.text}`);
  return options.body.data;
}
