import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { migrationsFolder } from "../src/db/client.ts";
import { openTestDatabase } from "./harness.ts";

/**
 * Drizzle's migrator only applies migrations newer than the database's last one, so a build older
 * than the database started on it as if nothing were wrong, on tables it does not know.
 */
const database = await openTestDatabase();
afterAll(() => database.close());

const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
  entries: Array<{ when: number }>;
};
const newestKnown = Math.max(...journal.entries.map((entry) => entry.when));

it("refuses to start on a database that a newer version has migrated", async () => {
  await expect(database.migrate()).resolves.toBeUndefined();
  const aDayLater = newestKnown + 86_400_000;
  await database.db.execute(
    sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${aDayLater})`,
  );
  await expect(database.migrate()).rejects.toThrow(/migrated by a newer version of the shop/);
});
