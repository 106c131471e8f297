import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { parseDuration } from "./lib/duration.ts";

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-config-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("configuration", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 8000, tokenTtlMs: 12 * 3_600_000, databaseUrl: undefined });
    expect(config.admin.email).toBe("admin@example.com");
    expect(config.publicUrl).toBe("http://localhost:8000");
  });

  it("stops with one line naming the bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: dataDir() })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", DATA_DIR: dataDir() })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ TOKEN_TTL: "forever", DATA_DIR: dataDir() })).toThrow(/TOKEN_TTL/);
    expect(() => loadConfig({ ADMIN_EMAIL: "root", DATA_DIR: dataDir() })).toThrow(ConfigError);
  });

  it("keeps a generated JWT secret in DATA_DIR across starts", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it("refuses to start in production without a JWT_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow(/JWT_SECRET/);
  });

  it.each([
    "change-me-change-me-change-me-change-me",
    "secretsecretsecretsecretsecretsecret",
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
  ])("refuses a placeholder JWT_SECRET in production: %s", (secret) => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: secret, DATA_DIR: dataDir() })).toThrow(
      /placeholder/,
    );
  });

  it("accepts a random JWT_SECRET in production", () => {
    const secret = "q8V3kN1zR7pL0xW5mT2cY9bH4fJ6dS8aG3eU1iO7";
    const production = { NODE_ENV: "production", JWT_SECRET: secret, PUBLIC_URL: "https://shop.example.com" };
    expect(loadConfig({ ...production, DATA_DIR: dataDir() }).jwtSecret).toBe(secret);
  });

  it("refuses to start in production without PUBLIC_URL: every link mailed would point at localhost", () => {
    const secret = "q8V3kN1zR7pL0xW5mT2cY9bH4fJ6dS8aG3eU1iO7";
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: secret, DATA_DIR: dataDir() })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ JWT_SECRET: secret, DATA_DIR: dataDir() }).publicUrl).toBe("http://localhost:8000");
  });

  it("reads CORS origins and refuses anything that is not an origin", () => {
    const config = loadConfig({ CORS_ORIGINS: "https://a.example.com, http://localhost:5173", DATA_DIR: dataDir() });
    expect(config.corsOrigins).toEqual(["https://a.example.com", "http://localhost:5173"]);
    expect(() => loadConfig({ CORS_ORIGINS: "*", DATA_DIR: dataDir() })).toThrow(/CORS_ORIGINS/);
  });

  it("trusts X-Forwarded-For from no one by default, and from the proxies TRUST_PROXY lists", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: "false", DATA_DIR: dataDir() }).trustProxy).toEqual([]);
    const listed = loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,fd00::/8, ::1, loopback", DATA_DIR: dataDir() });
    expect(listed.trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1", "fd00::/8", "::1", "loopback"]);
  });

  it.each([
    ["true", /^Invalid configuration: TRUST_PROXY=true would believe any client's X-Forwarded-For; /],
    ["0.0.0.0/0", /^Invalid configuration: TRUST_PROXY=0\.0\.0\.0\/0 would believe any client's X-Forwarded-For; /],
    ["1", /^Invalid configuration: TRUST_PROXY=1 is a hop count, which Fastify no longer honours /],
    ["10.0.0.300", /^Invalid configuration: TRUST_PROXY has "10\.0\.0\.300", which is not an IP address/],
    ["10.0.0.0/33", /^Invalid configuration: TRUST_PROXY has "10\.0\.0\.0\/33", which is not an IP address/],
    ["proxy.internal", /^Invalid configuration: TRUST_PROXY has "proxy\.internal", which is not an IP address/],
  ])("refuses TRUST_PROXY=%s with a line saying why", (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value, DATA_DIR: dataDir() })).toThrow(message);
  });
});

describe("durations", () => {
  it("reads seconds, minutes, hours and days", () => {
    expect(parseDuration("90s")).toBe(90_000);
    expect(parseDuration("15m")).toBe(900_000);
    expect(parseDuration("12h")).toBe(43_200_000);
    expect(parseDuration("7d")).toBe(604_800_000);
    expect(parseDuration("3600")).toBe(3_600_000);
    expect(parseDuration("soon")).toBeNull();
  });
});

describe("mail settings", () => {
  const pem = (type: "rsa" | "ed25519" | "ec") =>
    (type === "rsa"
      ? generateKeyPairSync("rsa", { modulusLength: 2048 })
      : type === "ed25519"
        ? generateKeyPairSync("ed25519")
        : generateKeyPairSync("ec", { namedCurve: "P-256" })
    ).privateKey
      .export({ type: "pkcs8", format: "pem" })
      .toString();
  const dkim = (key: string) => ({ DKIM_DOMAIN: "shop.test", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: key });

  it("reads a DKIM key as PEM text, with \\n for line breaks, or from a file, and takes its algorithm from it", () => {
    const rsa = pem("rsa");
    expect(loadConfig({ ...dkim(rsa), DATA_DIR: dataDir() }).dkim).toMatchObject({
      domain: "shop.test",
      selector: "s1",
      algorithm: "rsa-sha256",
    });
    expect(loadConfig({ ...dkim(rsa.replace(/\n/g, "\\n")), DATA_DIR: dataDir() }).dkim?.algorithm).toBe("rsa-sha256");
    const file = path.join(dataDir(), "dkim.pem");
    writeFileSync(file, pem("ed25519"));
    expect(loadConfig({ ...dkim(file), DATA_DIR: dataDir() }).dkim?.algorithm).toBe("ed25519-sha256");
    expect(loadConfig({ DATA_DIR: dataDir() }).dkim).toBeUndefined();
  });

  it("stops with one line naming DKIM_PRIVATE_KEY when the key cannot sign", () => {
    for (const bad of [
      "not a key",
      "/no/such/file.pem",
      "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
      pem("ec"),
    ]) {
      expect(() => loadConfig({ ...dkim(bad), DATA_DIR: dataDir() })).toThrow(
        /^Invalid configuration: DKIM_PRIVATE_KEY [^\n]+$/,
      );
    }
    expect(() => loadConfig({ DKIM_DOMAIN: "shop.test", DATA_DIR: dataDir() })).toThrow(
      /DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set/,
    );
  });

  it("keeps the outbox's own retry waits unless MAIL_RETRY_BACKOFF lists others, each from a second to a week", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mailRetryBackoffMs).toBeUndefined();
    expect(loadConfig({ MAIL_RETRY_BACKOFF: "2s,1m,1h", DATA_DIR: dataDir() }).mailRetryBackoffMs).toEqual([
      2_000, 60_000, 3_600_000,
    ]);
    for (const bad of ["soon", "30s,,2m", "500ms", "8d", "99999999999999999999d"]) {
      expect(() => loadConfig({ MAIL_RETRY_BACKOFF: bad, DATA_DIR: dataDir() })).toThrow(
        /^Invalid configuration: MAIL_RETRY_BACKOFF /,
      );
    }
  });

  it("requires TLS for SMTP credentials unless the URL says tls=off, and reads SMTP_CA_FILE", () => {
    const at = (env: Record<string, string>) => loadConfig({ ...env, DATA_DIR: dataDir() }).smtpRequireTls;
    expect(at({ SMTP_URL: "smtp://user:secret@relay.example.com:587" })).toBe(true);
    expect(at({ SMTP_URL: "smtp://relay.example.com:25" })).toBe(false);
    expect(at({ SMTP_URL: "smtp://user:secret@127.0.0.1:2525?tls=off" })).toBe(false);
    expect(at({ SMTP_URL: "smtp://relay.example.com:25", SMTP_REQUIRE_TLS: "on" })).toBe(true);
    expect(() => at({ SMTP_URL: "smtp://127.0.0.1:25?tls=off", SMTP_REQUIRE_TLS: "on" })).toThrow(/SMTP_REQUIRE_TLS/);
    expect(() => loadConfig({ SMTP_CA_FILE: "/no/such/ca.pem", DATA_DIR: dataDir() })).toThrow(
      /^Invalid configuration: SMTP_CA_FILE /,
    );
  });
});
