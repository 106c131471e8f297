import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createPglite } from "../db/client.ts";
import { backupPglite, restorePglite } from "./backup.ts";

const root = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it("backs up the embedded database and restores it, keeping the one it replaces", async () => {
  const dataDir = path.join(root, "data");
  mkdirSync(dataDir, { recursive: true });
  const first = await createPglite({ dataDir: path.join(dataDir, "pglite") });
  await first.exec("create table notes (body text); insert into notes values ('before the backup');");
  await first.close();

  const file = await backupPglite(dataDir, path.join(root, "backups"));
  expect(path.basename(file)).toMatch(/^shop-.*\.tar\.gz$/);

  const changed = await createPglite({ dataDir: path.join(dataDir, "pglite") });
  await changed.exec("insert into notes values ('after the backup');");
  await changed.close();

  const kept = await restorePglite(dataDir, file);
  expect(kept && existsSync(kept)).toBe(true);
  const restored = await createPglite({ dataDir: path.join(dataDir, "pglite") });
  const rows = await restored.query<{ body: string }>("select body from notes order by body");
  await restored.close();
  expect(rows.rows.map((row) => row.body)).toEqual(["before the backup"]);
}, 60_000);
