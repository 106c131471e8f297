import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const root = path.resolve(import.meta.dirname, "..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The built server as a child process on loopback, on a fresh data dir (or DATABASE_URL). */
export async function startShop(env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  const port = await freePort();
  // SHOP_NODE_ARGS lets a profiling run pass flags such as --cpu-prof to the server.
  const nodeArgs = (process.env.SHOP_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, "apps/api/dist/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-00",
      ADMIN_PASSWORD: "bench-password",
      SAMPLE_DATA: "true",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify process answering one route with a fixed JSON value: the ceiling to compare against. */
export async function startBare(json) {
  const port = await freePort();
  const code = `
    const app = require("fastify")();
    const body = JSON.parse(process.env.BODY);
    app.get("/api/products", async () => body);
    app.get("/api/health", async () => ({ ok: true }));
    app.listen({ port: ${port}, host: "127.0.0.1" });`;
  const child = spawn(process.execPath, ["-e", code], {
    cwd: path.join(root, "apps/api"),
    env: { ...process.env, BODY: JSON.stringify(json) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function waitFor(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * Requests per second over a fixed window on loopback, after an unmeasured warm-up (JIT, pool
 * connections, prepared statements); fails loudly on any non-2xx answer.
 */
export async function measure(url, { seconds = 8, connections = 100, headers = {}, warmup = 2 } = {}) {
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const errors = result.errors + result.non2xx + result.timeouts;
  if (errors > 0) throw new Error(`${url}: ${errors} failed requests during the benchmark`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}
