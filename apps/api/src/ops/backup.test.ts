import { execFileSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, expect, it } from "vitest";
import { createPglite } from "../db/client.ts";
import { tarStream } from "./archive.ts";
import { backupPglite, restorePglite } from "./backup.ts";

const root = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let made = 0;
function newDataDir(): string {
  made += 1;
  const dataDir = path.join(root, `data-${made}`);
  mkdirSync(dataDir, { recursive: true });
  return dataDir;
}

/** A database as the shop leaves it, as far as restore looks: drizzle's record of applied migrations, and some rows. */
async function shopDatabase(dataDir: string, notes: string[], lastMigrationAt = 1): Promise<void> {
  // Copied from one made once: initdb in WASM is most of a fresh database's 3–5 s, twelve times over.
  cpSync(await emptyShopDatabase, path.join(dataDir, "pglite"), { recursive: true });
  const client = await createPglite({ dataDir: path.join(dataDir, "pglite") });
  await client.query("update drizzle.__drizzle_migrations set created_at = $1", [lastMigrationAt]);
  for (const body of notes) await client.query("insert into notes values ($1)", [body]);
  await client.close();
}

const emptyShopDatabase = (async () => {
  const dir = path.join(root, "empty-shop-database");
  const client = await createPglite({ dataDir: dir });
  await client.exec(`create schema drizzle;
    create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
    insert into drizzle.__drizzle_migrations (hash, created_at) values ('last', 1);
    create table notes (body text);`);
  await client.close();
  return dir;
})();

async function notesIn(dataDir: string): Promise<string[]> {
  const client = await createPglite({ dataDir: path.join(dataDir, "pglite") });
  const rows = await client.query<{ body: string }>("select body from notes order by body");
  await client.close();
  return rows.rows.map((row) => row.body);
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

/** Pictures as the store writes them, in nested folders, one with a path longer than tar's 100-byte name field. */
function someUploads(uploadsDir: string): Record<string, Buffer> {
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
function filesIn(dir: string, under = ""): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const name = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(files, filesIn(dir, name));
    else files[name] = digest(entry.isFile() ? readFileSync(path.join(dir, name)) : Buffer.from(`link ${name}`));
  }
  return files;
}

const digest = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const digests = (files: Record<string, Buffer>) =>
  Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, digest(bytes)]));

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

/**
 * Restore used to move the current database aside first and then unpack: a bad file left an empty
 * DATA_DIR/pglite, which the next start filled with a blank shop, the real one sitting under another name.
 */
it("refuses a file that is not a backup and leaves the database it would have replaced where it was", async () => {
  const junk = path.join(root, "junk.tar.gz");
  writeFileSync(junk, randomBytes(64 * 1024));
  // redos-safe: matched against one error message of ours: quadratic at worst on that.
  await expectRefusedAndUnchanged(junk, /is not a backup of this shop.*unchanged/);
}, 60_000);

it("refuses a backup of a database that is not the shop's, before it touches the current one", async () => {
  const otherDir = newDataDir();
  const other = await createPglite({ dataDir: path.join(otherDir, "pglite") });
  await other.exec("create table notes (body text); insert into notes values ('some other database');");
  await other.close();
  const file = await backupPglite(otherDir, path.join(root, "other-backups"));
  // redos-safe: matched against one error message of ours: quadratic at worst on that.
  await expectRefusedAndUnchanged(file, /not the shop's.*unchanged/);
}, 60_000);

it("refuses a backup that a newer version of the shop made, before it touches the current one", async () => {
  const newerDir = newDataDir();
  // Later than any migration this build has: journal times are when each was generated.
  await shopDatabase(newerDir, ["from the future"], Date.now() + 365 * 86_400_000);
  const file = await backupPglite(newerDir, path.join(root, "newer-backups"));
  // redos-safe: matched against one error message of ours: quadratic at worst on that.
  await expectRefusedAndUnchanged(file, /newer version of the shop.*unchanged/);
}, 60_000);

it("refuses a backup whose gzip is damaged or cut short after the uploads, and changes nothing", async () => {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["a backup to damage"]);
  someUploads(path.join(dataDir, "uploads"));
  const file = await backupPglite(dataDir, path.join(root, "damaged-backups"), {
    uploadsDir: path.join(dataDir, "uploads"),
  });
  const whole = readFileSync(file);

  // A byte changed inside a picture: gzip's checksum at the end is what tells.
  const flipped = Buffer.from(whole);
  const at = whole.length - 2_000;
  flipped[at] = (flipped[at] ?? 0) ^ 0xff;
  writeFileSync(path.join(root, "flipped.tar.gz"), flipped);
  // redos-safe: matched against one error message of ours: quadratic at worst on that.
  await expectRefusedAndUnchanged(path.join(root, "flipped.tar.gz"), /is not a backup of this shop.*unchanged/);

  writeFileSync(path.join(root, "cut.tar.gz"), whole.subarray(0, whole.length - 5_000));
  // redos-safe: matched against one error message of ours: quadratic at worst on that.
  await expectRefusedAndUnchanged(path.join(root, "cut.tar.gz"), /is not a backup of this shop.*unchanged/);
}, 60_000);

/** Every file and link under `dir`, so a test can tell that nothing was written anywhere unexpected. */
function everythingUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

/**
 * A backup is a file someone hands over: a name in it must not be able to write outside the uploads
 * folder, whatever the database in it is.
 */
it("refuses a backup whose upload names would escape the uploads folder, and writes nothing outside it", async () => {
  const dump = await shopDump(["from a crafted backup"]);
  const home = path.join(root, "escape");
  const dataDir = path.join(home, "shop", "data");
  mkdirSync(dataDir, { recursive: true });
  await shopDatabase(dataDir, ["the live shop"]);
  const uploadsDir = path.join(dataDir, "uploads");
  const pictures = someUploads(uploadsDir);
  const before = everythingUnder(home);

  const names = ["uploads/../../evil", "uploads/products/../../../evil", "uploads/..\\..\\evil", "uploads//evil"];
  for (const [index, name] of names.entries()) {
    const file = path.join(root, `crafted-${index}.tar.gz`);
    const entries = [
      { name: "pglite.tar", data: dump },
      { name: "uploads/products/fine-800.webp", data: Buffer.from("a picture") },
      { name, data: Buffer.from("written outside the uploads folder") },
    ];
    const chunks: Buffer[] = [];
    for await (const chunk of tarStream(
      entries.map((entry) => ({ ...entry, size: entry.data.length, mtime: new Date() })),
    )) {
      chunks.push(chunk);
    }
    writeFileSync(file, gzipSync(Buffer.concat(chunks)));
    // redos-safe: matched against one error message of ours: quadratic at worst on that.
    await expect(restorePglite(dataDir, file, { uploadsDir }), name).rejects.toThrow(/evil.*unchanged/);
    expect(everythingUnder(home), name).toEqual(before);
  }
  expect(await notesIn(dataDir)).toEqual(["the live shop"]);
  expect(filesIn(uploadsDir)).toEqual(digests(pictures));
}, 60_000);

it("refuses a backup with a link among its uploads, so nothing is written through it", async () => {
  const home = path.join(root, "linked");
  const outside = path.join(home, "outside");
  const dataDir = path.join(home, "shop", "data");
  mkdirSync(outside, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  await shopDatabase(dataDir, ["the live shop"]);
  const uploadsDir = path.join(dataDir, "uploads");
  const pictures = someUploads(uploadsDir);

  // A link to a folder outside, then a file "in" it: made by tar, which keeps links as links.
  const first = path.join(home, "first");
  mkdirSync(path.join(first, "uploads"), { recursive: true });
  writeFileSync(path.join(first, "pglite.tar"), await shopDump(["from a crafted backup"]));
  symlinkSync(outside, path.join(first, "uploads", "link"));
  expect(lstatSync(path.join(first, "uploads", "link")).isSymbolicLink()).toBe(true);
  const second = path.join(home, "second");
  mkdirSync(path.join(second, "uploads", "link"), { recursive: true });
  writeFileSync(path.join(second, "uploads", "link", "evil"), "written through a link");
  const tarFile = path.join(home, "linked.tar");
  execFileSync("tar", ["-cf", tarFile, "-C", first, "pglite.tar", "uploads/link"]);
  execFileSync("tar", ["-rf", tarFile, "-C", second, "uploads/link/evil"]);
  const file = path.join(home, "linked.tar.gz");
  writeFileSync(file, gzipSync(readFileSync(tarFile)));

  // redos-safe: matched against one error message of ours: quadratic at worst on that.
  await expect(restorePglite(dataDir, file, { uploadsDir })).rejects.toThrow(/link.*unchanged/);
  expect(readdirSync(outside)).toEqual([]);
  expect(await notesIn(dataDir)).toEqual(["the live shop"]);
  expect(filesIn(uploadsDir)).toEqual(digests(pictures));
  expect(readdirSync(dataDir).sort()).toEqual(["pglite", "uploads"]);
}, 60_000);
