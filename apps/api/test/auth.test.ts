import { Writable } from "node:stream";
import type { UserDto } from "@shop/shared/schemas/users";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createTokenSigner } from "../src/lib/tokens.ts";
import { testJwtSecret } from "./constants.ts";
import { call, createStaff, createTestApp, signIn, testAdmin } from "./harness.ts";

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
const { app } = await createTestApp({ config: { LOG_LEVEL: "info" }, logStream });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("sign-in", () => {
  it("returns a token and the user with role and permissions", async () => {
    const response = await call<{ token: string; user: UserDto }>(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: testAdmin.email.toUpperCase(), password: testAdmin.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data.token).toMatch(/^ey/);
    expect(response.body.data.user).toMatchObject({ email: testAdmin.email, isSuperAdmin: true, isActive: true });
    expect(response.body.data.user.role?.name).toBe("Administrator");
    expect(response.body.data.user.role?.permissions).toContainEqual({ name: "product:create-product" });
    expect(response.text).not.toMatch(/password|argon2/i);
  });

  it("answers the same 401 for an unknown email and a wrong password", async () => {
    const unknown = await call(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: "nobody@example.com", password: "whatever" },
    });
    const wrong = await call(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: testAdmin.email, password: "wrong-password" },
      ip: "192.0.2.10",
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.message).toBe("Invalid email or password");
    expect(wrong.body.message).toBe("Invalid email or password");
  });

  it("rejects a body with unknown fields or a missing password with field errors", async () => {
    const response = await call(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: testAdmin.email, isSuperAdmin: true },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({ password: expect.any(String), isSuperAdmin: expect.any(String) });
  });

  it("answers a deactivated account's right password with the same 401 as a wrong one", async () => {
    const admin = await signIn(app);
    const staff = await createStaff(app, admin, []);
    await call(app, { method: "PUT", url: `/api/users/${staff.userId}`, token: admin, body: { isActive: false } });
    const response = await call(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: staff.email, password: staff.password },
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("Invalid email or password");
  });

  it("blocks an account after 10 failures in 15 minutes with 429 and Retry-After", async () => {
    const admin = await signIn(app);
    const staff = await createStaff(app, admin, []);
    // Each attempt from another address: only the account counter can be what blocks.
    const attempt = (password: string, i: number) =>
      call(app, {
        method: "POST",
        url: "/api/users/login",
        body: { email: staff.email, password },
        ip: `192.0.2.${100 + i}`,
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt("wrong", i)).status).toBe(401);
    const blocked = await attempt(staff.password, 50);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("blocks an address after 10 failures across accounts, and ignores a spoofed X-Forwarded-For", async () => {
    const attempt = (email: string, headers: Record<string, string> = {}) =>
      call(app, {
        method: "POST",
        url: "/api/users/login",
        body: { email, password: "wrong" },
        ip: "198.51.100.7",
        headers,
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt(`someone${i}@example.com`)).status).toBe(401);
    const spoofed = await attempt(testAdmin.email, { "x-forwarded-for": "203.0.113.99" });
    expect(spoofed.status).toBe(429);
    const elsewhere = await call(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: testAdmin.email, password: testAdmin.password },
      ip: "198.51.100.8",
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("the session behind a token", () => {
  it("get-user accepts the token as a query parameter and never logs it", async () => {
    const token = await signIn(app);
    const response = await call<UserDto>(app, { url: `/api/users/get-user?token=${token}` });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ email: testAdmin.email, isSuperAdmin: true });
    expect(response.body.data.role?.permissions.length).toBeGreaterThan(10);
    const logged = logLines.join("");
    expect(logged).toContain("/api/users/get-user?token=[REDACTED]");
    expect(logged).not.toContain(token);
  });

  it("logout revokes the token on the very next request", async () => {
    const token = await signIn(app);
    expect((await call(app, { url: "/api/users/get-user", token })).status).toBe(200);
    expect((await call(app, { method: "POST", url: "/api/users/logout", token })).status).toBe(200);
    const after = await call(app, { url: "/api/users/get-user", token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("Session expired. Please login again.");
  });

  it("rejects alg none, a wrong key, a tampered payload and an expired token", async () => {
    const token = await signIn(app);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const none = `${base64url({ alg: "none", typ: "JWT" })}.${payload}.`;
    const tampered = `${header}.${base64url({ ...claims, sub: "00000000-0000-7000-8000-000000000000" })}.${signature}`;
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    const expired = await createTokenSigner(testJwtSecret).sign(
      { userId: claims.sub, sessionId: claims.sid },
      new Date(Date.now() - 1000),
    );
    for (const bad of [none, tampered, wrongKey, expired, "garbage"]) {
      const response = await call(app, { url: "/api/users/get-user", token: bad });
      expect(response.status, bad).toBe(401);
    }
  });

  it("answers 401 without a token", async () => {
    const response = await call(app, { url: "/api/users/get-user" });
    expect(response.status).toBe(401);
    expect(response.body.success).toBe(false);
  });
});
