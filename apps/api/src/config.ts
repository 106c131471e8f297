import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseDuration } from "./lib/duration.ts";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  TOKEN_TTL: z
    .string()
    .default("12h")
    .refine((v) => parseDuration(v) !== null, "must be a duration such as 12h, 30m or 7d"),
  ADMIN_EMAIL: z.email().default("admin@example.com"),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(6, "must be at least 6 characters").optional()),
  ADMIN_NAME: z.string().min(2).default("Administrator"),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalText,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  WEB_DIST: optionalText,
  SENDER: z.enum(["on", "off"]).default("on"),
  SEND_RATE: z.coerce.number().min(0).max(100_000).default(0),
  SEND_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
  SENDER_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  SCHEDULER_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  SAMPLE_DATA: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string;
  tokenTtlMs: number;
  admin: { email: string; password: string | undefined; name: string };
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  trustProxy: boolean;
  webDist: string | undefined;
  /** /metrics is served only when this is set, to callers sending it as a bearer token. */
  metricsToken: string | undefined;
  /** Seed the sample catalogue, banners and posts into an empty database. */
  sampleData: boolean;
  sender: { enabled: boolean; ratePerSecond: number; concurrency: number; leaseMs: number; schedulerMs: number };
};

export class ConfigError extends Error {}

/**
 * Reads the environment (and `.env` if present) into a typed config.
 * Throws ConfigError with one line naming the bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === "production" && !e.JWT_SECRET) {
    throw new ConfigError("Invalid configuration: JWT_SECRET must be set in production");
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    tokenTtlMs: parseDuration(e.TOKEN_TTL) ?? 12 * 3_600_000,
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "Smart Home Shop <no-reply@localhost>",
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "true",
    webDist: e.WEB_DIST,
    metricsToken: e.METRICS_TOKEN,
    sampleData: e.SAMPLE_DATA ? e.SAMPLE_DATA === "true" : e.NODE_ENV !== "production",
    sender: {
      enabled: e.SENDER === "on",
      ratePerSecond: e.SEND_RATE,
      concurrency: e.SEND_CONCURRENCY,
      leaseMs: e.SENDER_LEASE_MS,
      schedulerMs: e.SCHEDULER_MS,
    },
  };
}

/** Without JWT_SECRET, a random secret is made once and kept in DATA_DIR so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Loads `.env` from the working directory if there is one (Node's own parser). */
export function loadDotEnv(): void {
  if (existsSync(".env")) process.loadEnvFile(".env");
}
