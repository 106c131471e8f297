import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { backupPglite } from "../ops/backup.ts";
import { openDatabase } from "./client.ts";
import { openConfiguredDatabase } from "./open.ts";

/**
 * PGlite takes no lock on its data directory: a second process opening it replays the WAL and
 * rewrites the control file under the first one's feet. Each open holds DATA_DIR/pglite.lock.
 */
const root = mkdtempSync(path.join(tmpdir(), "shop-lock-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

let made = 0;
function newDataDir(): string {
  made += 1;
  const dataDir = path.join(root, `data-${made}`);
  mkdirSync(dataDir);
  return dataDir;
}

// redos-safe: matched against one error message of ours (a line): quadratic at worst on that.
const inUse = /The embedded database in .+ is in use by process \d+: stop it first, or use DATABASE_URL/;

describe("one process at a time on an embedded database", () => {
  it("refuses a second open of a data directory that is open, and opens it once that one closes", async () => {
    const pgliteDir = path.join(newDataDir(), "pglite");
    const first = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
    try {
      await expect(openDatabase({ kind: "pglite", dataDir: pgliteDir })).rejects.toThrow(inUse);
      // The refused open must not have touched the database the first one is using.
      await expect(first.ping()).resolves.toBeUndefined();
    } finally {
      await first.close();
    }
    const again = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
    await again.close();
  }, 60_000);

  it("refuses a second start on the same DATA_DIR before it places or opens anything", async () => {
    const dataDir = newDataDir();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SAMPLE_DATA: "false" });
    const running = await openConfiguredDatabase(config, { sampleContent: async () => {} });
    try {
      await expect(openConfiguredDatabase(config, { sampleContent: async () => {} })).rejects.toThrow(inUse);
      expect(readdirSync(dataDir).filter((name) => name.includes(".partial-"))).toEqual([]);
    } finally {
      await running.close();
    }
  }, 90_000);

  it("refuses to back up a database that a running shop has open", async () => {
    const dataDir = newDataDir();
    const running = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      await expect(backupPglite(dataDir, path.join(root, "backups"))).rejects.toThrow(inUse);
    } finally {
      await running.close();
    }
  }, 60_000);

  it("refuses while another live process holds the lock", async () => {
    const dataDir = newDataDir();
    const pgliteDir = path.join(dataDir, "pglite");
    await (await openDatabase({ kind: "pglite", dataDir: pgliteDir })).close();
    const holder = spawn("sleep", ["60"], { stdio: "ignore" });
    children.push(holder);
    writeFileSync(path.join(dataDir, "pglite.lock"), `${holder.pid}\n${hostname()}\n`);
    await expect(openDatabase({ kind: "pglite", dataDir: pgliteDir })).rejects.toThrow(
      // redos-safe: built from a pid (digits): a literal match.
      new RegExp(`in use by process ${holder.pid}:`),
    );
  }, 60_000);

  it("takes over the lock of a process that has gone (killed, so it never removed it)", async () => {
    const dataDir = newDataDir();
    const pgliteDir = path.join(dataDir, "pglite");
    await (await openDatabase({ kind: "pglite", dataDir: pgliteDir })).close();
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    const lockFile = path.join(dataDir, "pglite.lock");
    writeFileSync(lockFile, `${gone.stdout.toString()}\n${hostname()}\n`);
    const database = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
    await database.close();
    expect(existsSync(lockFile)).toBe(false);
  }, 60_000);

  it("takes over a lock from another host once its holder has stopped refreshing it, and not before", async () => {
    const dataDir = newDataDir();
    const pgliteDir = path.join(dataDir, "pglite");
    await (await openDatabase({ kind: "pglite", dataDir: pgliteDir })).close();
    const lock = path.join(dataDir, "pglite.lock");
    // A container recreated after a crash has a new host name: the old one's pid cannot be checked.
    writeFileSync(lock, "1\nold-container\n");
    await expect(openDatabase({ kind: "pglite", dataDir: pgliteDir })).rejects.toThrow(
      /in use by process 1 on old-container/,
    );
    const longAgo = new Date(Date.now() - 5 * 60_000);
    utimesSync(lock, longAgo, longAgo);
    const opened = await openDatabase({ kind: "pglite", dataDir: pgliteDir });
    await opened.close();
  }, 60_000);
});
