import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { emailLinkSecret } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { queryRows } from "../../src/lib/sql.ts";
import { testJwtSecret } from "../constants.ts";
import { call, createStaff, signIn, testAdmin, testConfig } from "../harness.ts";
import { createSecurityApp } from "./support.ts";

/**
 * Every log line of a busy session, at the most verbose level, searched for anything that would
 * let a reader of the logs sign in: passwords, tokens (or their signatures), hashes, the signing key.
 */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const { app } = await createSecurityApp({ config: { LOG_LEVEL: "trace" }, logStream });
const secrets = new Map<string, string>();
const remember = (name: string, value: string) => secrets.set(name, value);
const rememberToken = (name: string, token: string) => {
  remember(name, token);
  remember(`${name} signature`, token.split(".")[2] ?? token);
};

describe("a session's worth of logs", () => {
  it("is captured at trace level", async () => {
    const admin = await signIn(app);
    rememberToken("admin token", admin);
    remember("admin password", testAdmin.password);

    const failed = await call(app, {
      method: "POST",
      url: "/api/users/login",
      body: { email: testAdmin.email, password: "Wrong-Password-For-The-Log-Test" },
      ip: "203.0.113.5",
    });
    expect(failed.status).toBe(401);
    remember("mistyped password", "Wrong-Password-For-The-Log-Test");

    const staff = await createStaff(app, admin, ["user:view-users"]);
    rememberToken("staff token", staff.token);
    remember("staff password", staff.password);
    const changed = await call(app, {
      method: "PUT",
      url: "/api/users/change-password",
      token: staff.token,
      body: { currentPassword: staff.password, newPassword: "Fresh-Staff-Password-42" },
    });
    expect(changed.status).toBe(200);
    remember("new staff password", "Fresh-Staff-Password-42");

    expect((await call(app, { url: `/api/users/get-user?token=${admin}` })).status).toBe(200);
    expect((await call(app, { url: `/api/users/get-user?password=${testAdmin.password}&token=${admin}` })).status).toBe(
      400,
    );
    expect((await call(app, { url: "/api/users/get-all-users", token: staff.token })).status).toBe(200);
    expect((await call(app, { url: "/api/users/get-user", headers: { cookie: `token=${admin}` } })).status).toBe(401);
    expect((await call(app, { method: "POST", url: "/api/users/logout", token: staff.token })).status).toBe(200);
    expect((await call(app, { url: "/api/users/get-all-users", token: staff.token })).status).toBe(401);

    remember("JWT secret", testJwtSecret);
    remember("email link secret", emailLinkSecret(testConfig()));
    const hashes = await queryRows<{ hash: string }>(app.db, sql`select password_hash as hash from users`);
    for (const [i, { hash }] of hashes.entries()) remember(`password hash ${i}`, hash);
    expect(lines.length).toBeGreaterThan(10);
  });

  it("holds no password, token, signature, hash or signing key", () => {
    const text = lines.join("");
    const found = [...secrets].filter(([, value]) => text.includes(value)).map(([name]) => name);
    expect(found).toEqual([]);
    expect(text).not.toMatch(/\$argon2(id|i|d)\$/);
    // redos-safe: runs once on the log lines this test wrote (kilobytes): quadratic at worst on that.
    expect(text).not.toMatch(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{20,}/);
  });
});

describe("logs of a failing write", () => {
  // The database refuses the row (as a failing disk or a constraint would): the error that is
  // logged must not carry the query's parameters, which here hold a fresh password hash.
  it("do not carry the query's parameters", async () => {
    const admin = await signIn(app);
    const staff = await createStaff(app, admin, []);
    await app.db.execute(
      sql.raw(`create function refuse_trap() returns trigger language plpgsql as $$
        begin raise exception 'refused by the log test'; end $$`),
    );
    await app.db.execute(
      sql.raw(`create trigger refuse_trap before update of password_hash on users
        for each row when (old.id = '${staff.userId}') execute function refuse_trap()`),
    );
    const before = lines.length;
    const response = await call(app, {
      method: "PUT",
      url: "/api/users/change-password",
      token: staff.token,
      body: { currentPassword: staff.password, newPassword: "Trapped-New-Password-7" },
    });
    expect(response.status).toBe(500);
    const text = lines.slice(before).join("");
    expect(text).toContain("refused by the log test");
    expect(text).not.toContain("Trapped-New-Password-7");
    expect(text).not.toMatch(/\$argon2(id|i|d)\$/);
  });
});

describe("starting in production", () => {
  const made: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-secret-"));
    made.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  const production = (secret?: string) =>
    loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "https://shop.example.com",
      DATA_DIR: dataDir(),
      ...(secret !== undefined && { JWT_SECRET: secret }),
    });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["too short", "short-secret"],
    ["change-me", "change-me-change-me-change-me-change-me"],
    ["changeme", "changemechangemechangemechangemechangeme"],
    ["secret repeated", "secretsecretsecretsecretsecretsecret"],
    ["your-secret-here", "your-secret-here-your-secret-here-1234"],
    ["one character", "x".repeat(48)],
  ])("refuses a JWT_SECRET that is %s", (_name, secret) => {
    expect(() => production(secret)).toThrow(/JWT_SECRET/);
  });

  it("starts with a random one", () => {
    const secret = "Zq4N8wYc1Lr6Tb0Hs3Kx7Vd2Mf9Gp5Ja";
    expect(production(secret).jwtSecret).toBe(secret);
  });
});
