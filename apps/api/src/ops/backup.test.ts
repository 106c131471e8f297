import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { createPglite } from "../db/client.ts";
import { backupPglite, restorePglite } from "./backup.ts";
import { backupScratch, digests, filesIn, notesIn, someUploads } from "./backup-fixtures.ts";

const { newDataDir, root, shopDatabase, shopDump } = backupScratch();

it("backs up the embedded database and restores it, keeping the one it replaces", async () => {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["before the backup"]);

  const file = await backupPglite(dataDir, path.join(root, "backups"));
  expect(path.basename(file)).toMatch(/^shop-.*\.tar\.gz$/);

  const changed = await createPglite({ dataDir: path.join(dataDir, "pglite") });
  await changed.exec("insert into notes values ('after the backup');");
  await changed.close();

  const { databaseKeptAs } = await restorePglite(dataDir, file);
  expect(databaseKeptAs && existsSync(databaseKeptAs)).toBe(true);
  expect(await notesIn(dataDir)).toEqual(["before the backup"]);
}, 60_000);

/**
 * The backup used to hold the database and the secret only, and the operator was told to copy the
 * uploads folder by hand: a shop restored from its backup alone had products whose images were gone.
 */
it("carries the uploads folder in the backup and puts it back, keeping the folder it replaces", async () => {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["with pictures"]);
  const uploadsDir = path.join(dataDir, "uploads");
  const pictures = { ...someUploads(uploadsDir), "products/large-2400.webp": randomBytes(3 * 1024 * 1024) };
  writeFileSync(path.join(uploadsDir, "products/large-2400.webp"), pictures["products/large-2400.webp"] ?? "");
  // The store's work in progress, which is no picture yet: one being written beside its final name.
  writeFileSync(path.join(uploadsDir, "products", `.3f2a-200.webp.${randomUUID()}.partial`), "half a picture");

  const outDir = path.join(root, "uploads-backups");
  const file = await backupPglite(dataDir, outDir, { uploadsDir });
  expect(readdirSync(outDir)).toEqual([path.basename(file)]);
  expect(statSync(file).mode & 0o777).toBe(0o600);

  rmSync(path.join(uploadsDir, "products/3f2a-400.webp"));
  writeFileSync(path.join(uploadsDir, "products/9c1e-800.webp"), "uploaded after the backup");
  writeFileSync(path.join(uploadsDir, "banners/2026/spring/hero-1600.webp"), "changed after the backup");
  const afterTheBackup = filesIn(uploadsDir);

  const restored = await restorePglite(dataDir, file, { uploadsDir });
  expect(restored.uploads).toBe("restored");
  expect(filesIn(uploadsDir)).toEqual(digests(pictures));
  expect(path.basename(restored.uploadsKeptAs ?? "")).toMatch(/^uploads\.before-/);
  expect(filesIn(restored.uploadsKeptAs ?? "")).toEqual(afterTheBackup);
  expect(await notesIn(dataDir)).toEqual(["with pictures"]);
  expect(readdirSync(dataDir).filter((name) => name.endsWith(".restoring"))).toEqual([]);
}, 60_000);

it("writes an archive that tar reads, holding the database's dump, the secret and the uploads", async () => {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["listed"]);
  writeFileSync(path.join(dataDir, "jwt-secret"), "a-generated-secret");
  const uploadsDir = path.join(dataDir, "uploads");
  const long = `products/${"c".repeat(120)}/3f2a-800.webp`;
  mkdirSync(path.join(uploadsDir, path.dirname(long)), { recursive: true });
  writeFileSync(path.join(uploadsDir, "products/3f2a-800.webp"), "a picture");
  writeFileSync(path.join(uploadsDir, long), "a picture with a long path");

  const file = await backupPglite(dataDir, path.join(root, "listed-backups"), { withSecret: true, uploadsDir });
  const listed = execFileSync("tar", ["-tzf", file], { encoding: "utf8" }).split("\n").filter(Boolean);
  expect(listed.slice(0, 2)).toEqual(["pglite.tar", "jwt-secret"]);
  expect(listed.filter((name) => !name.endsWith("/")).sort()).toEqual(
    ["pglite.tar", "jwt-secret", "uploads/products/3f2a-800.webp", `uploads/${long}`].sort(),
  );
  expect(execFileSync("tar", ["-xzOf", file, "jwt-secret"], { encoding: "utf8" })).toBe("a-generated-secret");
  const unpacked = path.join(root, "listed-unpacked");
  mkdirSync(unpacked);
  execFileSync("tar", ["-xzf", file, "-C", unpacked]);
  expect(filesIn(path.join(unpacked, "uploads"))).toEqual(filesIn(uploadsDir));
}, 60_000);

it("refuses to back up an upload whose name tar cannot hold, and leaves no half-written backup", async () => {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["not backed up"]);
  const uploadsDir = path.join(dataDir, "uploads");
  mkdirSync(path.join(uploadsDir, "products"), { recursive: true });
  writeFileSync(path.join(uploadsDir, "products", `${"d".repeat(120)}.webp`), "a picture with a long name");
  const outDir = path.join(root, "refused-backups");
  await expect(backupPglite(dataDir, outDir, { uploadsDir })).rejects.toThrow(/too long/);
  expect(existsSync(outDir) ? readdirSync(outDir) : []).toEqual([]);
}, 60_000);

it("restores a backup made before the secret was kept: PGlite's dump alone, the uploads left as they are", async () => {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["the live shop"]);
  const uploadsDir = path.join(dataDir, "uploads");
  const pictures = someUploads(uploadsDir);
  const olderDir = newDataDir();
  await shopDatabase(olderDir, ["from an older backup"]);
  const client = await createPglite({ dataDir: path.join(olderDir, "pglite") });
  const file = path.join(root, "older.tar.gz");
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer()));
  await client.close();

  const restored = await restorePglite(dataDir, file, { uploadsDir });
  expect(restored).toMatchObject({ secret: "not in the backup", uploads: "not in the backup" });
  expect(restored.uploadsKeptAs).toBeUndefined();
  expect(await notesIn(dataDir)).toEqual(["from an older backup"]);
  expect(filesIn(uploadsDir)).toEqual(digests(pictures));
}, 60_000);

it("restores a backup made before the uploads were kept, and leaves the uploads folder alone", async () => {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["the live shop"]);
  const uploadsDir = path.join(dataDir, "uploads");
  const pictures = someUploads(uploadsDir);
  // As `npm run backup` wrote it until now, made here by tar itself: the dump and the secret.
  const staging = path.join(root, "before-uploads");
  mkdirSync(staging);
  writeFileSync(path.join(staging, "pglite.tar"), await shopDump(["from a backup without uploads"]));
  writeFileSync(path.join(staging, "jwt-secret"), "the-secret-it-was-made-with");
  const file = path.join(root, "before-uploads.tar.gz");
  execFileSync("tar", ["-czf", file, "-C", staging, "pglite.tar", "jwt-secret"]);

  const restored = await restorePglite(dataDir, file, { uploadsDir });
  expect(restored).toMatchObject({ secret: "restored", uploads: "not in the backup" });
  expect(await notesIn(dataDir)).toEqual(["from a backup without uploads"]);
  expect(filesIn(uploadsDir)).toEqual(digests(pictures));
  expect(readdirSync(dataDir).filter((name) => name.startsWith("uploads"))).toEqual(["uploads"]);
}, 60_000);
