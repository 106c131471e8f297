import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { type BuildOptions, buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { createPglite, type Database, openDatabase } from "../src/db/client.ts";
import { testAdmin, testJwtSecret } from "./constants.ts";
import { withDatabase } from "./global-setup.ts";

export { testAdmin };

/**
 * Everything the harness opened in this worker and nothing closed yet, by label, with its closer. A file's
 * afterAll closes what it made; test/setup.ts closes whatever is still here when the file ends, since an
 * afterAll registered after vitest collected the file (createTestApp called inside a test, or not awaited
 * in a describe callback) is never run, and a file whose tests are all skipped runs no hooks at all.
 */
const stillOpen = new Map<string, () => Promise<void>>();

/** Runs `close` at most once, however many of the file's afterAll and the setup file's net call it. */
function tracked(label: string, close: () => Promise<void>): () => Promise<void> {
  const key = `${label} #${stillOpen.size}-${Math.random().toString(36).slice(2, 8)}`;
  let closing: Promise<void> | undefined;
  const once = () => {
    stillOpen.delete(key);
    closing ??= close();
    return closing;
  };
  stillOpen.set(key, once);
  return once;
}

/** Closes (and drops) whatever the harness opened that nothing closed yet: test/setup.ts calls it. */
export async function closeLeftovers(): Promise<void> {
  const errors: unknown[] = [];
  // Newest first, as afterAll would: an app before the database it runs on.
  for (const close of [...stillOpen.values()].reverse()) await close().catch((error) => errors.push(error));
  if (errors.length > 0) throw new AggregateError(errors, "closing what the test file left open failed");
}

/** A fresh database for one test file: a PGlite snapshot or a clone of the PostgreSQL template. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const template = inject("postgresTemplate");
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    // The run's prefix (test/global-setup.ts) lets the global teardown find any this run left behind.
    const name = `${inject("postgresTestPrefix")}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const drop = async () => {
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    };
    let database: Database;
    try {
      await admin.query(`create database "${name}" template "${template}"`);
      database = await openDatabase({ kind: "postgres", url: withDatabase(url, name), poolSize: 4 });
    } catch (error) {
      await drop().catch(() => {});
      throw error;
    }
    const close = tracked(`database ${name}`, async () => {
      try {
        await database.close();
      } finally {
        // With (force): dropped even if a connection (an unclosed app, a second instance) is still open.
        await drop();
      }
    });
    return { ...database, url: withDatabase(url, name), close };
  }
  const snapshot = await readFile(inject("pgliteSnapshot"));
  const client = await createPglite({ loadDataDir: new Blob([snapshot]) });
  const database = await openDatabase({ kind: "pglite", client });
  return { ...database, close: tracked("PGlite database", () => database.close()) };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    JWT_SECRET: testJwtSecret,
    LOG_LEVEL: "silent",
    DATA_DIR: path.join(tmpdir(), "shop-test-unused"),
    WEB_DIST: "/nonexistent",
    // A busy shared machine would otherwise shed test requests with 503 (the faults suite tests shedding).
    MAX_EVENT_LOOP_DELAY_MS: "0",
    ...overrides,
  });
}

export type TestContext = {
  app: FastifyInstance;
  /** With its connection string on PostgreSQL, for a second session or instance. */
  database: Database & { url?: string };
};

/** Builds the real app on a fresh database; closes both after the file's tests, wherever it is called. */
export async function createTestApp(
  options: {
    config?: Record<string, string>;
    logStream?: NodeJS.WritableStream;
    /** The SES adapter's network edge (certificates, subscription confirmations). */
    snsNetwork?: BuildOptions["snsNetwork"];
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-test-data-"));
  const app = await buildApp(testConfig({ DATA_DIR: dataDir, ...options.config }), {
    database,
    ...(options.logStream && { logStream: options.logStream }),
    ...(options.snsNetwork && { snsNetwork: options.snsNetwork }),
  });
  const close = tracked("app from createTestApp", async () => {
    try {
      await app.close();
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
  // Runs only if called while vitest collects the file (top level, or awaited in a describe callback);
  // otherwise the setup file's afterAll closes it (test/setup.ts).
  afterAll(close);
  await app.ready();
  return { app, database };
}

type InjectOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  url: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client address the server sees (sign-in throttling is per IP). */
  ip?: string;
};

export type ApiBody<T> = { success?: boolean; message?: string; data: T; errors?: Record<string, string> };

/** Calls the app through inject(); T is the shape of `data` the test expects. */
export async function call<T = unknown>(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject({
    method: options.method ?? "GET",
    url: options.url,
    headers: {
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    ...(options.body !== undefined && { payload: options.body as object }),
    ...(options.ip && { remoteAddress: options.ip }),
  });
  const text = response.body;
  let json = {} as ApiBody<T>;
  try {
    json = JSON.parse(text) as ApiBody<T>;
  } catch {
    // Non-JSON answers (static files) are read from `text`.
  }
  return { status: response.statusCode, headers: response.headers, body: json, text };
}

export async function signIn(app: FastifyInstance, email = testAdmin.email, password = testAdmin.password) {
  const response = await call<{ token: string }>(app, {
    method: "POST",
    url: "/api/users/login",
    body: { email, password },
  });
  if (response.status !== 200) throw new Error(`sign-in failed for ${email}: ${response.status} ${response.text}`);
  return response.body.data.token;
}

let counter = 0;
/** Creates a role with exactly these permissions and a user holding it, through the real API. */
export async function createStaff(app: FastifyInstance, adminToken: string, permissions: string[]) {
  counter += 1;
  const role = await call<{ _id: string }>(app, {
    method: "POST",
    url: "/api/roles/create-role",
    token: adminToken,
    body: { name: `Role ${counter} ${Math.random().toString(36).slice(2, 7)}`, permissions },
  });
  if (role.status !== 201) throw new Error(`role create failed: ${role.text}`);
  const email = `staff${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "staff-password";
  const user = await call<{ _id: string }>(app, {
    method: "POST",
    url: "/api/users",
    token: adminToken,
    body: { name: "Staff Member", email, phone: "0123456789", role: role.body.data._id, password },
  });
  if (user.status !== 201) throw new Error(`user create failed: ${user.text}`);
  const token = await signIn(app, email, password);
  return { token, email, password, userId: user.body.data._id, roleId: role.body.data._id };
}
