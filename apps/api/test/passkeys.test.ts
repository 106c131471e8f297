import type { SecondFactorChallenge, TwoFactorStatus } from "@shop/shared/schemas/two-factor";
import type { UserDto } from "@shop/shared/schemas/users";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";
import { createSoftAuthenticator } from "./soft-authenticator.ts";
import { passkeyPrompt, registerSoftPasskey, type WebauthnOptions } from "./two-factor-helpers.ts";

const origin = "https://shop.example.com";
const { app } = await createTestApp({ config: { PUBLIC_URL: origin } });
const admin = await signIn(app);

type Options = WebauthnOptions;

async function registerPasskey(server: FastifyInstance, token: string, name = "Laptop") {
  const registered = await registerSoftPasskey(server, token, name);
  expect(registered.rpId).toBe("shop.example.com");
  return registered;
}

const passwordlessOptions = () => passkeyPrompt(app);

describe("passkeys", () => {
  it("registers a named passkey for the relying party of PUBLIC_URL and lists it", async () => {
    const staff = await createStaff(app, admin, []);
    const { passkey } = await registerPasskey(app, staff.token, "Work laptop");
    expect(passkey.name).toBe("Work laptop");
    const status = await call<TwoFactorStatus>(app, { url: "/api/users/two-factor", token: staff.token });
    expect(status.body.data.passkeys.map((key) => key.name)).toEqual(["Work laptop"]);
  });

  it("refuses a registration made for another origin, or answering a spent challenge", async () => {
    const staff = await createStaff(app, admin, []);
    const options = await call<Options>(app, {
      method: "POST",
      url: "/api/users/two-factor/passkeys/options",
      token: staff.token,
    });
    const elsewhere = createSoftAuthenticator("https://evil.example.net");
    const refused = await call(app, {
      method: "POST",
      url: "/api/users/two-factor/passkeys",
      token: staff.token,
      body: { name: "Phish", credential: elsewhere.register(options.body.data) },
    });
    expect(refused.status).toBe(400);
    // The challenge went with the refused answer: the right authenticator cannot reuse it.
    const again = await call(app, {
      method: "POST",
      url: "/api/users/two-factor/passkeys",
      token: staff.token,
      body: { name: "Late", credential: createSoftAuthenticator(origin).register(options.body.data) },
    });
    expect(again.status).toBe(400);
  });

  it("signs in with no password, once per challenge, as login answers", async () => {
    const staff = await createStaff(app, admin, []);
    const { authenticator } = await registerPasskey(app, staff.token);
    const options = await passwordlessOptions();
    const credential = authenticator.authenticate(options);
    const signedIn = await call<{ token: string; user: UserDto }>(app, {
      method: "POST",
      url: "/api/users/login/passkey",
      body: { credential },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.token).toMatch(/^ey/);
    expect(signedIn.body.data.user.email).toBe(staff.email);
    const replay = await call(app, { method: "POST", url: "/api/users/login/passkey", body: { credential } });
    expect(replay.status).toBe(401);
  });

  it("is the second factor after a password, and only that user's passkey passes", async () => {
    const staff = await createStaff(app, admin, []);
    const { authenticator } = await registerPasskey(app, staff.token);
    const stranger = await createStaff(app, admin, []);
    const { authenticator: strangers } = await registerPasskey(app, stranger.token);
    const login = await call<SecondFactorChallenge>(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: staff.email, password: staff.password },
    });
    expect(login.body.data.methods).toEqual(["passkey"]);
    const { challenge } = login.body.data;
    const prompt = () => passkeyPrompt(app, challenge);
    const wrong = await call(app, {
      method: "POST",
      url: "/api/users/login/second-factor",
      body: { challenge, method: "passkey", credential: strangers.authenticate(await prompt()) },
    });
    expect(wrong.status).toBe(401);
    const right = await call<{ token: string }>(app, {
      method: "POST",
      url: "/api/users/login/second-factor",
      body: { challenge, method: "passkey", credential: authenticator.authenticate(await prompt()) },
    });
    expect(right.status).toBe(200);
    expect(right.body.data.token).toMatch(/^ey/);
  });

  it("removes a passkey; the last one takes the recovery codes with it", async () => {
    const staff = await createStaff(app, admin, []);
    const { passkey } = await registerPasskey(app, staff.token);
    const codes = await call(app, { method: "POST", url: "/api/users/two-factor/recovery-codes", token: staff.token });
    expect(codes.status).toBe(200);
    const other = await createStaff(app, admin, []);
    const notTheirs = await call(app, {
      method: "DELETE",
      url: `/api/users/two-factor/passkeys/${passkey._id}`,
      token: other.token,
    });
    expect(notTheirs.status).toBe(404);
    const removed = await call(app, {
      method: "DELETE",
      url: `/api/users/two-factor/passkeys/${passkey._id}`,
      token: staff.token,
    });
    expect(removed.status).toBe(200);
    const status = await call<TwoFactorStatus>(app, { url: "/api/users/two-factor", token: staff.token });
    expect(status.body.data).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    const login = await call<{ token?: string }>(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: staff.email, password: staff.password },
    });
    expect(login.body.data.token).toMatch(/^ey/);
  });
});
