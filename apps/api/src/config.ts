import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { ConfigError } from "./config-error.ts";
import { dkimOf, mailFromOf, requireTlsOf, smtpCaOf } from "./config-mail.ts";
import type { MailAddress } from "./db/schema/mail.ts";
import { parseDuration } from "./lib/duration.ts";
import type { DkimKey } from "./mail/dkim.ts";
import { type BounceWebhookConfig, bounceWebhookEnv, bounceWebhooksOf } from "./modules/bounces/webhook-config.ts";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());
const within = (value: number, min: number, max: number) => value >= min && value <= max;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  UPLOADS_DIR: optionalText,
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  IMPORT_BULK_MAX_ROWS: z.coerce.number().int().min(0).max(10_000_000).default(200_000),
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
  SMTP_CA_FILE: optionalText,
  SMTP_REQUIRE_TLS: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).optional()),
  MAIL_FROM: optionalText,
  DKIM_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, "must be a domain name such as example.com")
      .optional(),
  ),
  DKIM_SELECTOR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i, "must be a DNS label such as shop2026")
      .optional(),
  ),
  DKIM_PRIVATE_KEY: optionalText,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: optionalText,
  WEB_DIST: optionalText,
  SENDER: z.enum(["on", "off"]).default("on"),
  SEND_RATE: z.coerce.number().min(0).max(100_000).default(0),
  SEND_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
  SENDER_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  SCHEDULER_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
  MAIL_RETRY_BACKOFF: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        // At most a week: a wait the database cannot add to now() would leave the mail stuck, unretried.
        (v) => v.split(",").every((part) => within(parseDuration(part) ?? 0, 1_000, 7 * 86_400_000)),
        "must be a comma-separated list of waits from a second to a week, such as 30s,2m,10m",
      )
      .optional(),
  ),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  SAMPLE_DATA: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
  ),
  CORS_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => v.split(",").every((origin) => /^https?:\/\/[^/\s]+$/.test(origin.trim())),
        "must be a comma-separated list of origins such as https://shop.example.com",
      )
      .optional(),
  ),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(0).max(1_000_000).default(200),
  ...bounceWebhookEnv,
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded images; several instances share one folder (a volume or a network mount). */
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** A PostgreSQL query not answered within this long fails (503) instead of holding the request. */
  databaseQueryTimeoutMs: number;
  /**
   * A CSV import may lock the audience and load in bulk while the audience, before and after, stays
   * under this many people (a few seconds' lock); 0 always merges a batch at a time.
   */
  importBulkMaxRows: number;
  jwtSecret: string;
  tokenTtlMs: number;
  admin: { email: string; password: string | undefined; name: string };
  publicUrl: string;
  smtpUrl: string | undefined;
  /** SMTP_CA_FILE's PEM text: certificates trusted for the relay's, besides the system's. */
  smtpCa: string | undefined;
  /**
   * Never send SMTP credentials without TLS (SMTP_REQUIRE_TLS): on by default when SMTP_URL carries a
   * password, unless the URL says tls=off.
   */
  smtpRequireTls: boolean;
  /** Every message is DKIM-signed with this key when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set. */
  dkim: DkimKey | undefined;
  /** MAIL_FROM: the default sender of every message; a sender set in Settings wins over it (mail/sender.ts). */
  mailFrom: MailAddress | undefined;
  logLevel: string;
  /** Proxies (addresses, CIDR ranges, proxy-addr's named ranges) whose X-Forwarded-For is believed; none by default. */
  trustProxy: string[];
  webDist: string | undefined;
  /** /metrics is served only when this is set, to callers sending it as a bearer token. */
  metricsToken: string | undefined;
  /** Seed the sample catalogue, banners and posts into an empty database. */
  sampleData: boolean;
  sender: { enabled: boolean; ratePerSecond: number; concurrency: number; leaseMs: number; schedulerMs: number };
  /**
   * MAIL_RETRY_BACKOFF: the outbox's waits before its second, third… attempt at account mail; undefined
   * keeps the outbox's own (outbox-dispatcher.ts defaultOutboxOptions: 30 s, 2 min, 10 min, 1 h, 3 h, 6 h).
   */
  mailRetryBackoffMs: number[] | undefined;
  /** Shared rate-limit store and cache-invalidation channel when several instances serve one database. */
  redisUrl: string | undefined;
  /** Origins allowed to call the API from a browser; none by default (same-origin only). */
  corsOrigins: string[];
  /** Above this event-loop delay the server answers 503 with Retry-After instead of queueing; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** How long SIGTERM waits for requests in flight and the sender's batch before exiting anyway. */
  shutdownTimeoutMs: number;
  /** Megabytes of images each staff member may upload in any 24 hours; 0 for no limit. */
  uploadQuotaMb: number;
  /** Bounce and complaint webhooks (modules/bounces): each is off until its secret is set. */
  bounceWebhooks: BounceWebhookConfig;
};

export { ConfigError };

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
  if (e.NODE_ENV === "production" && e.JWT_SECRET && looksLikePlaceholder(e.JWT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: JWT_SECRET looks like a placeholder; use at least 32 random characters",
    );
  }
  // Unsubscribe, confirmation and reset links, canonical URLs and the passkeys' relying party are
  // all made from it: the development default would send every customer to localhost.
  if (e.NODE_ENV === "production" && !e.PUBLIC_URL) {
    throw new ConfigError(
      "Invalid configuration: PUBLIC_URL must be set in production (the shop's address, e.g. https://shop.example.com): links in emails are made from it",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    importBulkMaxRows: e.IMPORT_BULK_MAX_ROWS,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    tokenTtlMs: parseDuration(e.TOKEN_TTL) ?? 12 * 3_600_000,
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    smtpCa: smtpCaOf(e.SMTP_CA_FILE),
    smtpRequireTls: requireTlsOf(e.SMTP_URL, e.SMTP_REQUIRE_TLS),
    dkim: dkimOf(e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY),
    mailFrom: mailFromOf(e.MAIL_FROM),
    logLevel: e.LOG_LEVEL,
    trustProxy: trustedProxies(e.TRUST_PROXY),
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
    mailRetryBackoffMs: e.MAIL_RETRY_BACKOFF?.split(",").map((part) => parseDuration(part) ?? 0),
    redisUrl: e.REDIS_URL,
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(",").map((origin) => origin.trim()) : [],
    // PGlite runs every query on the event loop, so there the delay measures database work, not
    // overload: shedding would turn away visitors while staff import a list. On by default with PostgreSQL.
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (e.DATABASE_URL ? 1_000 : 0),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    uploadQuotaMb: e.UPLOAD_QUOTA_MB,
    bounceWebhooks: bounceWebhooksOf(e, (message) => new ConfigError(message)),
  };
}

const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);
const proxyAddressesInstead = "set the addresses of the proxies in front instead (e.g. 10.0.0.0/8 or 127.0.0.1)";

/**
 * TRUST_PROXY lists the proxies in front; X-Forwarded-For is believed only from them, so a client
 * cannot pick its own address for rate limits, the sign-in throttle and the activity log. `true` and a
 * range of every address would believe any client, so they are refused; so is a hop count, which
 * Fastify 5.12 ignores (it cannot tell the proxy from a client connecting directly): every client
 * would then share the proxy's address, and its limits.
 */
function trustedProxies(value: string | undefined): string[] {
  if (value === undefined || value === "false") return [];
  const refuse = (why: string) => new ConfigError(`Invalid configuration: ${why}`);
  if (value === "true") {
    throw refuse(`TRUST_PROXY=true would believe any client's X-Forwarded-For; ${proxyAddressesInstead}`);
  }
  if (/^\d+$/.test(value)) {
    throw refuse(
      `TRUST_PROXY=${value} is a hop count, which Fastify no longer honours (it cannot tell the proxy from a client connecting directly); ${proxyAddressesInstead}`,
    );
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (namedRanges.has(entry)) continue;
    const [address = "", prefix, ...rest] = entry.split("/");
    const version = isIP(address);
    const validPrefix =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (version === 0 || !validPrefix || rest.length > 0) {
      throw refuse(
        `TRUST_PROXY has "${entry}", which is not an IP address, a CIDR range or one of ${[...namedRanges].join(", ")}`,
      );
    }
    if (prefix !== undefined && Number(prefix) === 0) {
      throw refuse(`TRUST_PROXY=${value} would believe any client's X-Forwarded-For; ${proxyAddressesInstead}`);
    }
  }
  return entries;
}

/** A copied example value ("change-me…", "secret…", "xxxx…") signs tokens anyone could forge. */
function looksLikePlaceholder(secret: string): boolean {
  if (/change.?me|example|default|placeholder|your.?secret|^secret/i.test(secret)) return true;
  return new Set(secret).size < 12;
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
