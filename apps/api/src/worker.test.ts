import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-worker-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * `npm run worker` runs beside the server; on the embedded database that would be a second process
 * in one PGlite data directory. It must stop at once, saying why, before it opens anything.
 */
it("refuses to run on the embedded database, naming DATABASE_URL", async () => {
  const { PATH, HOME } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { PATH, HOME, NODE_ENV: "test", DATA_DIR: dataDir, SAMPLE_DATA: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(killer);
  expect(output).toMatch(/needs PostgreSQL: set DATABASE_URL/);
  expect(code).toBe(1);
  expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
}, 30_000);
