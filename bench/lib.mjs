import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const root = path.resolve(import.meta.dirname, "..");

/** The campaign bench/send.mjs sends (and bench/dkim.mjs signs): 30 paragraphs, each with a link. */
export const campaignHtml = `<!doctype html><html><body><div style="max-width:600px;margin:0 auto">${'<p>Smart locks, switches and sensors for every room. <a href="https://example.com/x">Read more</a></p>'.repeat(30)}</div></body></html>`;

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

/** The built server as a child process on loopback, on a fresh data dir (or DATABASE_URL), once it answers. */
export async function startShop(env = {}) {
  const shop = spawnShop(env, await freePort());
  await shop.ready;
  return shop;
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
  return startChild(code, port, { BODY: JSON.stringify(json) });
}

async function waitFor(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    // Exited, or killed by a signal (a Ctrl-C during start-up).
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`process exited before ${url} answered`);
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

/**
 * A throwaway PostgreSQL database next to the one at baseUrl (psql, trust auth on loopback).
 * drop() forces out any connection left behind and may be called more than once.
 */
export async function createDatabase(baseUrl, prefix = "shop_bench") {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  await psql(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let dropped;
  return {
    name,
    url: url.toString(),
    drop() {
      dropped ??= psql(baseUrl, `drop database if exists ${name} with (force)`);
      return dropped;
    },
  };
}

/** Runs one SQL command with psql and resolves to what it printed (unaligned, tuples only). */
export function psql(url, command) {
  return new Promise((resolve, reject) => {
    const child = spawn("psql", [url, "-v", "ON_ERROR_STOP=1", "-Atqc", command], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    // "close", not "exit": by then stdout has been read to the end.
    child.on("close", (code) =>
      code === 0 ? resolve(stdout.trim()) : reject(new Error(`psql: ${command}: ${stderr.trim()}`)),
    );
  });
}

/**
 * startShop in two steps: the handle comes back at once (so a Ctrl-C during start-up can stop the
 * child), `ready` resolves when it answers. Also gives the pid (for CPU accounting), and stop() works
 * when the child is already gone — Ctrl-C reaches the whole process group, so it may exit first.
 */
export function spawnShop(env, port) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  const nodeArgs = (process.env.SHOP_NODE_ARGS ?? "").split(" ").filter(Boolean);
  // SHOP_MAIN runs another build of the server (e.g. a patched copy, to try a change under load).
  const main = process.env.SHOP_MAIN ?? path.join(root, "apps/api/dist/main.js");
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // Random: production mode refuses secrets that look like placeholders.
      JWT_SECRET: `${crypto.randomUUID()}${crypto.randomUUID()}`,
      ADMIN_PASSWORD: "bench-password",
      SAMPLE_DATA: "true",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(root, "apps/web/dist"),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        // The server forces itself out after 10 s; this is only for a server that hangs anyway.
        const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
        const asked = performance.now();
        const code = await exited;
        clearTimeout(kill);
        const took = Math.round(performance.now() - asked);
        if (code !== 0 || took > 5_000)
          console.error(`server stopped with ${code ?? child.signalCode} after ${took} ms`);
      }
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };
  const url = `http://127.0.0.1:${port}`;
  const ready = waitFor(`${url}/api/health`, child).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, pid: child.pid, stop, ready };
}

/** Latency samples (ms) → the figures a report prints; exact percentiles, not a histogram's buckets. */
export function summarise(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (q) => (sorted.length ? sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] : Number.NaN);
  return { count: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

/** A random element of a list. */
export const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** [[weight, make], ...] → a function that calls one `make`, chosen in proportion to the weights. */
export function weighted(entries) {
  const total = entries.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let r = Math.random() * total;
    for (const [weight, make] of entries) {
      r -= weight;
      if (r < 0) return make();
    }
    return entries[entries.length - 1][1]();
  };
}

/**
 * CPU seconds used so far (Linux /proc): the whole machine, process `pid`, every process whose command
 * line contains `match` (e.g. one database's PostgreSQL backends), this process; plus the seconds some
 * runnable task waited for a CPU (pressure stall information). Subtract two snapshots for a window.
 */
export async function machineSnapshot({ pid, match }) {
  const { readdirSync, readFileSync } = await import("node:fs");
  const read = (file) => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return ""; // a process that is gone, or a kernel without PSI
    }
  };
  const ticks = (id) => {
    const fields = read(`/proc/${id}/stat`).split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
  };
  const [user, nice, system, , , irq, softirq, steal] = read("/proc/stat")
    .split("\n")[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  let matched = 0;
  if (match) {
    for (const id of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      if (read(`/proc/${id}/cmdline`).includes(match)) matched += ticks(id);
    }
  }
  const self = process.cpuUsage();
  return {
    machine: (user + nice + system + irq + softirq + steal) / 100,
    process: pid ? ticks(pid) : 0,
    matched,
    self: (self.user + self.system) / 1e6,
    cpuWait: Number(/some .*total=(\d+)/.exec(read("/proc/pressure/cpu"))?.[1] ?? 0) / 1e6,
  };
}

/** Answers by class and by label: latency samples (ms), errors (any status but 2xx and 304), status counts. */
export function answerStats() {
  const stats = { all: [], byClass: new Map(), byLabel: new Map(), statuses: new Map() };
  stats.isError = (status) => !(status >= 200 && status < 300) && status !== 304;
  stats.record = (cls, label, status, ms) => {
    stats.all.push(ms);
    for (const [map, key] of [
      [stats.byClass, cls],
      [stats.byLabel, label],
    ]) {
      const entry = map.get(key) ?? map.set(key, { samples: [], errors: 0 }).get(key);
      entry.samples.push(ms);
      if (stats.isError(status)) entry.errors += 1;
    }
    stats.statuses.set(`${cls} ${status}`, (stats.statuses.get(`${cls} ${status}`) ?? 0) + 1);
  };
  return stats;
}

/** Milliseconds for a table: one decimal below 10. */
export const formatMs = (value) =>
  Number.isNaN(value) ? "-" : value < 10 ? value.toFixed(1) : String(Math.round(value));

/** One line of a latency table; `latencyRow()` with no arguments gives the header. */
export function latencyRow(label, samples, errors, seconds) {
  const cells = (list) => list.map((c) => String(c).padStart(9)).join("");
  if (label === undefined)
    return `${"".padEnd(34)}${cells(["requests", "req/s", "errors", "p50 ms", "p90 ms", "p99 ms", "max ms"])}`;
  const s = summarise(samples);
  const figures = [s.count, Math.round(s.count / seconds), errors, s.p50, s.p90, s.p99, s.max];
  return `${label.padEnd(34)}${cells(figures.map((f, i) => (i < 3 ? f : formatMs(f))))}`;
}

/**
 * How busy the machine was over `seconds` (the difference of two machineSnapshot()s), for reports
 * made while other work shares the CPU.
 */
export function describeNoise(use, seconds, { cores, loads }) {
  const pct = (s) => `${((s / seconds) * 100).toFixed(0)}%`;
  const rest = use.machine - use.process - use.matched - use.self;
  return (
    `noise: CPU over the run (100% = one of ${cores} cores): machine ${pct(use.machine)} = server ${pct(use.process)}` +
    ` + its PostgreSQL backends ${pct(use.matched)} + load generator ${pct(use.self)} + everything else ${pct(rest)};` +
    ` a runnable task waited for a CPU ${pct(use.cpuWait)} of the time; load average ${loads}`
  );
}

/**
 * Do anonymous (cacheable) answers at `paths` match the database? Signed-in reads skip the public cache,
 * so they are the truth; each product's page must show its current price. Returns the stale ones.
 */
export async function staleCachedAnswers(url, token, paths, products) {
  const staff = { authorization: `Bearer ${token}` };
  const data = async (path, headers = {}) =>
    JSON.stringify((await (await fetch(`${url}${path}`, { headers })).json()).data);
  const stale = [];
  for (const path of paths) {
    if ((await data(path)) !== (await data(path, staff))) stale.push(path);
  }
  for (const product of products) {
    const { price } = JSON.parse(await data(`/api/products/${product._id}`, staff));
    const html = await (await fetch(`${url}/shop/product/${product.slug}`)).text();
    if (!html.includes(`$${price.toFixed(2)}`)) stale.push(`/shop/product/${product.slug}`);
  }
  return { checked: paths.length + products.length, stale };
}

/**
 * CPU seconds (user + system) process `pid` has used so far, from /proc (0 once it is gone); with
 * `thread`, that thread's alone (the process's own id is its main thread).
 */
export function cpuSeconds(pid, thread) {
  let stat = "";
  try {
    stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8");
  } catch {
    return 0;
  }
  // The command name may hold spaces: fields are counted from after its closing bracket.
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** USER_HZ: the unit of /proc's CPU times (100 on every Linux we run on; asked once in case it is not). */
const clockTicks = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** "median (min–max)" of a list of figures, each written by `format`. */
export function spread(values, format = (value) => String(Math.round(value))) {
  return `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

/**
 * Runs each side once per round, in the same order every round, for `rounds` rounds (at least 3), so
 * a burst of outside load lands on every side alike; never a best against a single run. `sides` maps a
 * name to an async function giving one sample (an object); resolves to name → that side's samples.
 */
export async function alternate(sides, rounds = 3) {
  const samples = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
  for (let round = 0; round < Math.max(3, rounds); round += 1) {
    for (const [name, run] of Object.entries(sides)) samples[name].push(await run(round));
  }
  return samples;
}

/**
 * measure(), plus the CPU the server under test spent per request in the measured window (not the
 * warm-up): ms of CPU of process `pid`, and of every process whose command line holds `match` (one
 * database's PostgreSQL backends). The load generator runs here, the server in its own process.
 */
export async function measureWithCpu(url, { pid, match, ...options }) {
  const { seconds = 8, connections = 100, headers = {}, warmup = 2 } = options;
  if (warmup > 0) await measure(url, { seconds: warmup, connections, headers, warmup: 0 });
  const before = await machineSnapshot({ pid, match });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const after = await machineSnapshot({ pid, match });
  const errors = result.errors + result.non2xx + result.timeouts;
  if (errors > 0) throw new Error(`${url}: ${errors} failed requests during the benchmark`);
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    serverCpuMs: ((after.process - before.process) * 1000) / requests,
    databaseCpuMs: ((after.matched - before.matched) * 1000) / requests,
  };
}

/**
 * A bare Fastify process answering `path` with a fixed, already serialised body and the given
 * headers: what a server does for a cached answer when nothing else runs per request. The body is
 * held as UTF-8 bytes, as the shop's cache holds it (decision 003), so neither side pays for
 * measuring and encoding a string on each answer and the ratio is to the same work.
 */
export async function startBarePreSerialised(path, body, headers) {
  const port = await freePort();
  const code = `
    const app = require("fastify")();
    const body = Buffer.from(process.env.BODY, "utf8");
    const headers = JSON.parse(process.env.HEADERS);
    app.get(${JSON.stringify(path.split("?")[0])}, (request, reply) => { reply.headers(headers).send(body); });
    app.get("/api/health", async () => ({ ok: true }));
    app.listen({ port: ${port}, host: "127.0.0.1" });`;
  return startChild(code, port, { BODY: body, HEADERS: JSON.stringify(headers) });
}

async function startChild(code, port, env) {
  const child = spawn(process.execPath, ["-e", code], {
    cwd: path.join(root, "apps/api"),
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return {
    url,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A process's resident memory (Linux), in MB: now (VmRSS) or its peak (VmHWM). */
export function memoryMb(pid, field) {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

/** Starts a process's peak RSS (VmHWM) again from now (Linux ≥ 4.0), so start-up's own peak is left out. */
export function resetPeakRss(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // Not permitted here: the peak then covers start-up too.
  }
}
