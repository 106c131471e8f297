import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { createPglite } from "../db/client.ts";
import { tarStream } from "./archive.ts";
import { backupPglite, restorePglite } from "./backup.ts";
import { backupScratch, digests, everythingUnder, filesIn, notesIn, someUploads } from "./backup-fixtures.ts";

const { expectRefusedAndUnchanged, newDataDir, root, shopDatabase, shopDump } = backupScratch();

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
