// What the backup tests share: a scratch folder removed after each test file, shop-like databases made
// quickly, pictures in nested folders, and the check that a refused restore changed nothing.
import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { createPglite } from "../db/client.ts";
import { restorePglite } from "./backup.ts";

/**
 * A scratch folder for one test file, removed after it, and the shop-like databases made in it. A
 * function, not module state: test files share a worker's modules (vitest.config.ts, isolate: false),
 * and a folder made at import would be removed after the first file that used it.
 */
export function backupScratch() {
  const root = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  let made = 0;
  function newDataDir(): string {
    made += 1;
    const dataDir = path.join(root, `data-${made}`);
    mkdirSync(dataDir, { recursive: true });
    return dataDir;
  }

  // Made once and copied: initdb in WASM is most of a fresh database's 3–5 s, a dozen times over.
  let emptyShopDatabase: Promise<string> | undefined;
  const emptyDatabase = async () => {
    const dir = path.join(root, "empty-shop-database");
    const client = await createPglite({ dataDir: dir });
    await client.exec(`create schema drizzle;
      create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
      insert into drizzle.__drizzle_migrations (hash, created_at) values ('last', 1);
      create table notes (body text);`);
    await client.close();
    return dir;
  };

  /** A database as the shop leaves it, as far as restore looks: drizzle's record of applied migrations, and some rows. */
  async function shopDatabase(dataDir: string, notes: string[], lastMigrationAt = 1): Promise<void> {
    emptyShopDatabase ??= emptyDatabase();
    cpSync(await emptyShopDatabase, path.join(dataDir, "pglite"), { recursive: true });
    const client = await createPglite({ dataDir: path.join(dataDir, "pglite") });
    await client.query("update drizzle.__drizzle_migrations set created_at = $1", [lastMigrationAt]);
    for (const body of notes) await client.query("insert into notes values ($1)", [body]);
    await client.close();
  }

  /** PGlite's dump of a shop database, as a backup holds it under pglite.tar. */
  async function shopDump(notes: string[]): Promise<Buffer> {
    const dataDir = newDataDir();
    await shopDatabase(dataDir, notes);
    const client = await createPglite({ dataDir: path.join(dataDir, "pglite") });
    const dump = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    await client.close();
    return dump;
  }

  /**
   * A live shop, a restore of `file` refused for `reason`, and the shop as it was: its rows, its
   * pictures, nothing left beside them.
   */
  async function expectRefusedAndUnchanged(file: string, reason: RegExp): Promise<void> {
    const dataDir = newDataDir();
    await shopDatabase(dataDir, ["the live shop"]);
    const uploadsDir = path.join(dataDir, "uploads");
    const pictures = someUploads(uploadsDir);
    await expect(restorePglite(dataDir, file, { uploadsDir })).rejects.toThrow(reason);
    expect(await notesIn(dataDir)).toEqual(["the live shop"]);
    expect(filesIn(uploadsDir)).toEqual(digests(pictures));
    expect(readdirSync(dataDir).sort()).toEqual(["pglite", "uploads"]);
  }

  return { root, newDataDir, shopDatabase, shopDump, expectRefusedAndUnchanged };
}

export async function notesIn(dataDir: string): Promise<string[]> {
  const client = await createPglite({ dataDir: path.join(dataDir, "pglite") });
  const rows = await client.query<{ body: string }>("select body from notes order by body");
  await client.close();
  return rows.rows.map((row) => row.body);
}

/** Pictures as the store writes them, in nested folders, one with a path longer than tar's 100-byte name field. */
export function someUploads(uploadsDir: string): Record<string, Buffer> {
  const files: Record<string, Buffer> = {
    "products/3f2a-800.webp": randomBytes(40_000),
    "products/3f2a-400.webp": randomBytes(9_000),
    "banners/2026/spring/hero-1600.webp": randomBytes(70_000),
    [`${"a".repeat(90)}/${"b".repeat(85)}.webp`]: randomBytes(1_000),
  };
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(uploadsDir, name)), { recursive: true });
    writeFileSync(path.join(uploadsDir, name), data);
  }
  return files;
}

/**
 * Every file under `dir` (links included, not followed) by its path there, with a digest of its bytes:
 * the matcher compares a Buffer byte by byte, which took 30 s for the 3 MB picture below.
 */
export function filesIn(dir: string, under = ""): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const name = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(files, filesIn(dir, name));
    else files[name] = digest(entry.isFile() ? readFileSync(path.join(dir, name)) : Buffer.from(`link ${name}`));
  }
  return files;
}

export const digest = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
export const digests = (files: Record<string, Buffer>) =>
  Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, digest(bytes)]));

/** Every file and link under `dir`, so a test can tell that nothing was written anywhere unexpected. */
export function everythingUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}
