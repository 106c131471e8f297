import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createPglite } from "../db/client.ts";
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
  const client = await createPglite({ dataDir: path.join(dataDir, "pglite") });
  await client.exec(`create schema drizzle;
    create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
    insert into drizzle.__drizzle_migrations (hash, created_at) values ('last', ${lastMigrationAt});
    create table notes (body text);`);
  for (const body of notes) await client.query("insert into notes values ($1)", [body]);
  await client.close();
}

async function notesIn(dataDir: string): Promise<string[]> {
  const client = await createPglite({ dataDir: path.join(dataDir, "pglite") });
  const rows = await client.query<{ body: string }>("select body from notes order by body");
  await client.close();
  return rows.rows.map((row) => row.body);
}

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

it("writes an archive that tar reads, holding the database's dump and the secret", async () => {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["listed"]);
  writeFileSync(path.join(dataDir, "jwt-secret"), "a-generated-secret");
  const file = await backupPglite(dataDir, path.join(root, "listed-backups"), { withSecret: true });
  const listed = execFileSync("tar", ["-tzf", file], { encoding: "utf8" });
  expect(listed.split("\n").filter(Boolean)).toEqual(["pglite.tar", "jwt-secret"]);
  expect(execFileSync("tar", ["-xzOf", file, "jwt-secret"], { encoding: "utf8" })).toBe("a-generated-secret");
}, 60_000);

it("restores a backup made before the secret was kept: PGlite's dump alone", async () => {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["the live shop"]);
  const olderDir = newDataDir();
  await shopDatabase(olderDir, ["from an older backup"]);
  const client = await createPglite({ dataDir: path.join(olderDir, "pglite") });
  const file = path.join(root, "older.tar.gz");
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer()));
  await client.close();

  expect((await restorePglite(dataDir, file)).secret).toBe("not in the backup");
  expect(await notesIn(dataDir)).toEqual(["from an older backup"]);
}, 60_000);

/** A live shop, a restore of `file` refused for `reason`, and the shop as it was: its rows, nothing left beside it. */
async function expectRefusedAndUnchanged(file: string, reason: RegExp): Promise<void> {
  const dataDir = newDataDir();
  await shopDatabase(dataDir, ["the live shop"]);
  await expect(restorePglite(dataDir, file)).rejects.toThrow(reason);
  expect(await notesIn(dataDir)).toEqual(["the live shop"]);
  expect(readdirSync(dataDir)).toEqual(["pglite"]);
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
