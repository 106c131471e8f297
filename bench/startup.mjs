// npm run bench:startup — how long the built server takes to answer /api/health on PGlite, on a
// fresh data dir (initdb, migrations, seed with sample artwork) and again on the same dir, and its RSS.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, root } from "./lib.mjs";

async function start(dataDir) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(root, "apps/api/dist/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "bench-password",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = performance.now() - began;
  await fetch(`http://127.0.0.1:${port}/api/products?limit=12`);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return { ms, rssMb: rssKb / 1024 };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-startup-"));
try {
  const cold = await start(dataDir);
  const warm = await start(dataDir);
  console.log(`cold start (empty data dir) ${(cold.ms / 1000).toFixed(2)} s, RSS ${cold.rssMb.toFixed(0)} MB`);
  console.log(`warm start (same data dir)  ${(warm.ms / 1000).toFixed(2)} s, RSS ${warm.rssMb.toFixed(0)} MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
