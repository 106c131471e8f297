import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";

/**
 * Without JWT_SECRET, the secret that signs sessions and mailed links and encrypts stored TOTP
 * secrets is generated into DATA_DIR/jwt-secret. A backup restored without it gets a new one: every
 * unsubscribe and confirm link already mailed breaks, two-factor secrets cannot be read, and
 * everyone is signed out. These run the commands as an operator does.
 */
const root = mkdtempSync(path.join(tmpdir(), "shop-backup-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string>) {
  const { PATH, HOME } = process.env;
  const result = spawnSync(process.execPath, ["--import", "tsx", "src/ops/backup-cli.ts", ...args], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { PATH, HOME, NODE_ENV: "development", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function migratedShop(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  await database.migrate();
  await database.close();
}

it("carries the generated signing secret in the backup, and restores it into a new DATA_DIR", async () => {
  const shop = path.join(root, "shop", "data");
  await migratedShop(shop);
  const backup = run(["backup"], { DATA_DIR: shop });
  expect(backup.output).toContain("Backup written to");
  const secret = readFileSync(path.join(shop, "jwt-secret"), "utf8");
  const [file] = readdirSync(path.join(root, "shop", "backups"));

  const elsewhere = path.join(root, "elsewhere", "data");
  const restore = run(["restore", path.join(root, "shop", "backups", file ?? "")], { DATA_DIR: elsewhere });
  expect(restore.status).toBe(0);
  expect(readFileSync(path.join(elsewhere, "jwt-secret"), "utf8")).toBe(secret);
}, 120_000);

it("says that JWT_SECRET from the environment is not in the backup and must be kept with it", async () => {
  const shop = path.join(root, "configured", "data");
  await migratedShop(shop);
  const backup = run(["backup"], { DATA_DIR: shop, JWT_SECRET: "a-configured-secret-0123456789-abcdefghij" });
  expect(backup.status).toBe(0);
  // redos-safe: matched against the CLI's own output of one run (a few lines): quadratic at worst on that.
  expect(backup.output).toMatch(/JWT_SECRET .*not in the backup/);
}, 120_000);

it("carries the images in the backup and puts them back, saying where the previous ones are kept", async () => {
  const shop = path.join(root, "pictures", "data");
  await migratedShop(shop);
  const picture = randomBytes(20_000);
  mkdirSync(path.join(shop, "uploads", "products"), { recursive: true });
  writeFileSync(path.join(shop, "uploads", "products", "3f2a-800.webp"), picture);
  const backup = run(["backup"], { DATA_DIR: shop });
  expect(backup.status).toBe(0);
  expect(backup.output).not.toContain("Copy");
  const [file] = readdirSync(path.join(root, "pictures", "backups"));

  const elsewhere = path.join(root, "pictures-elsewhere", "data");
  mkdirSync(path.join(elsewhere, "uploads"), { recursive: true });
  writeFileSync(path.join(elsewhere, "uploads", "there-before.webp"), "a picture the restore replaces");
  const restore = run(["restore", path.join(root, "pictures", "backups", file ?? "")], { DATA_DIR: elsewhere });
  expect(restore.status).toBe(0);
  expect(readFileSync(path.join(elsewhere, "uploads", "products", "3f2a-800.webp"))).toEqual(picture);
  const kept = readdirSync(elsewhere).filter((name) => name.startsWith("uploads.before-"));
  expect(kept).toHaveLength(1);
  expect(readdirSync(path.join(elsewhere, kept[0] ?? ""))).toEqual(["there-before.webp"]);
  expect(restore.output).toContain(path.join(elsewhere, kept[0] ?? ""));
}, 120_000);
