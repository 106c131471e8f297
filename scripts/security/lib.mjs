// Shared by the security scripts: run the built server on loopback against a throwaway database, talk to
// it, stop it. Everything here refuses to point at anything but this machine's loopback.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
export const admin = { email: "security-admin@example.com", password: `sec-${randomBytes(12).toString("hex")}` };

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** Throws unless the URL names this machine: the suite attacks what it points at, so it must never leave it. */
export function assertLoopback(url, what) {
  const host = new URL(url).hostname;
  if (!loopbackHosts.has(host)) throw new Error(`${what} must be on loopback (127.0.0.1), not ${host}`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** The scripts run the built server, as production does; build once if there is none yet. */
export function ensureBuilt() {
  if (existsSync(path.join(root, "apps/api/dist/main.js")) && existsSync(path.join(root, "apps/web/dist/index.html"))) {
    return;
  }
  console.log("No build found: running `npm run build` first…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build failed");
}

const children = new Set();
// Last resort: a crash or Ctrl-C in the script must not leave a server listening.
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

/**
 * Starts `node apps/api/dist/main.js` on a free loopback port with a fresh DATA_DIR (PGlite), or on
 * `databaseUrl` (PostgreSQL). Sample catalogue on, sender off, no SMTP: nothing leaves the machine.
 */
export async function startServer({ databaseUrl = "", env = {} } = {}) {
  if (databaseUrl) assertLoopback(databaseUrl.replace(/^postgres(ql)?:/, "http:"), "the database");
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-security-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [path.join(root, "apps/api/dist/main.js")], {
    cwd: dataDir, // so a developer's .env in the repo cannot change what is under test
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SAMPLE_DATA: "true",
      SENDER: "off",
      SMTP_URL: "",
      REDIS_URL: "",
      METRICS_TOKEN: "",
      PUBLIC_URL: url,
      WEB_DIST: path.join(root, "apps/web/dist"),
      // The scripts stand in for the proxy: they connect from 127.0.0.1 and name the client in X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    }
    children.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000; // PGlite start-up plus seeding is slow on a busy 2-core machine
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy in 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, output: () => output, stop };
}

/** One API call; returns { status, body } with the JSON envelope parsed. */
export async function api(base, method, url, { token, body, ip } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body !== undefined && { "content-type": "application/json" }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...(ip && { "x-forwarded-for": ip }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text };
  }
  return { status: response.status, body: json };
}

export async function signIn(base) {
  const response = await api(base, "POST", "/api/users/login", { body: admin });
  if (response.status !== 200) throw new Error(`admin sign-in failed (${response.status}): ${response.body.message}`);
  return response.body.data.token;
}

/** Creates database `name` next to TEST_DATABASE_URL's, hands its URL to fn, and drops it afterwards. */
export async function withPostgresDatabase(baseUrl, name, fn) {
  assertLoopback(baseUrl.replace(/^postgres(ql)?:/, "http:"), "TEST_DATABASE_URL");
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    try {
      return await fn(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
