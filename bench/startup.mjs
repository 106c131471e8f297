// npm run bench:startup — how long the built server takes to answer /api/health on PGlite, from a
// truly fresh data dir (nothing in it: the whole first start of `npm start` on a new machine, sample
// data included) and restarted on the same dir; the two alternate for BENCH_ROUNDS (at least 3)
// rounds. Per side: median (min–max) of time to healthy, CPU seconds the process spent getting there
// (what compares across machines), RSS once up (after one product list) and peak RSS (VmHWM).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { alternate, cpuSeconds, freePort, memoryMb, root, spread } from "./lib.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

/** VmRSS and VmHWM of a process, in MB. */
function memory(pid) {
  return { rssMb: memoryMb(pid, "VmRSS"), peakMb: memoryMb(pid, "VmHWM") };
}

async function start(dataDir) {
  const port = await freePort();
  // Nothing inherited may point the server elsewhere: no DATABASE_URL, no UPLOADS_DIR, sample data on.
  const { DATABASE_URL: _url, UPLOADS_DIR: _uploads, ...inherited } = process.env;
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(root, "apps/api/dist/main.js")], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "development",
      SAMPLE_DATA: "true",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "bench-password",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error("server exited before it answered");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = performance.now() - began;
  const cpu = cpuSeconds(child.pid);
  const products = await (await fetch(`http://127.0.0.1:${port}/api/products?limit=12`)).json();
  if (!(products.data?.products?.length > 0)) throw new Error("no sample products after start-up");
  const { rssMb, peakMb } = memory(child.pid);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return { ms, cpu, rssMb, peakMb };
}

let dataDir;
const samples = await alternate(
  {
    async fresh() {
      dataDir = mkdtempSync(path.join(tmpdir(), "shop-startup-"));
      if (readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty`);
      return start(dataDir);
    },
    async restart() {
      try {
        return await start(dataDir);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  },
  rounds,
);

const s = (value) => (value / 1000).toFixed(2);
console.log(
  `PGlite start-up, ${Math.max(3, rounds)} rounds alternating; medians (min–max); ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
for (const [name, label] of [
  ["fresh", "first start (empty data dir)"],
  ["restart", "restart (same data dir)     "],
]) {
  const runs = samples[name];
  console.log(
    `${label} healthy ${spread(
      runs.map((r) => r.ms),
      s,
    )} s, CPU ${spread(
      runs.map((r) => r.cpu * 1000),
      s,
    )} s, RSS once up ${spread(runs.map((r) => r.rssMb))} MB, peak RSS ${spread(runs.map((r) => r.peakMb))} MB`,
  );
}
