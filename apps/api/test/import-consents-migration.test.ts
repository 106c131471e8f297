import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { createPglite, migrationsFolder } from "../src/db/client.ts";

// Migration 0022 moves each import's consent out of every person's row into one record an import. A
// database that has people from before it, migrated up to 0021 from a copy of the migrations that
// stops there, then to the end.
const before = mkdtempSync(path.join(tmpdir(), "shop-migrations-"));
cpSync(migrationsFolder(), before, { recursive: true });
const journalFile = path.join(before, "meta", "_journal.json");
const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith("0022_"));
writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

const client = await createPglite();
const db = drizzle(client);
afterAll(async () => {
  await client.close();
  rmSync(before, { recursive: true, force: true });
});

const fair = {
  type: "import",
  fileName: "fair-2025.csv",
  importedBy: { id: "0199a7c2-5f3e-7b21-8c4d-2e9f1a6b3c70", name: "Ada Admin", email: "ada@example.com" },
  importedAt: "2025-10-01T09:30:00.000Z",
  importJobId: "0199a7c2-6a11-7d02-9e3b-4f5a6b7c8d90",
};

it("keeps each import's consent once, and every person it brought in still names it", async () => {
  expect(upTo).toBeGreaterThan(0);
  await migrate(db, { migrationsFolder: before });
  const person = (email: string, consent: unknown) =>
    client.query("insert into subscribers (id, email, source, consent_source) values (gen_random_uuid(), $1, $2, $3)", [
      email,
      consent ? "import" : "footer",
      consent ? JSON.stringify(consent) : null,
    ]);
  for (const email of ["fair1@example.com", "fair2@example.com"]) await person(email, fair);
  await person("early@example.com", { type: "import" }); // imported before consent was recorded (0009)
  await person("footer@example.com", null);

  await migrate(db, { migrationsFolder: migrationsFolder() });

  const consents = await client.query<Record<string, unknown>>(
    "select file_name, imported_by_id, imported_by_name, imported_by_email, imported_at, import_job_id from import_consents order by file_name nulls first",
  );
  expect(consents.rows).toEqual([
    {
      file_name: null,
      imported_by_id: null,
      imported_by_name: null,
      imported_by_email: null,
      imported_at: null,
      import_job_id: null,
    },
    {
      file_name: "fair-2025.csv",
      imported_by_id: fair.importedBy.id,
      imported_by_name: "Ada Admin",
      imported_by_email: "ada@example.com",
      imported_at: new Date(fair.importedAt),
      import_job_id: fair.importJobId,
    },
  ]);
  const people = await client.query<{ email: string; file: string | null; linked: boolean }>(
    `select s.email, c.file_name as file, s.import_consent_id is not null as linked
     from subscribers s left join import_consents c on c.id = s.import_consent_id order by s.email`,
  );
  expect(people.rows).toEqual([
    { email: "early@example.com", file: null, linked: true },
    { email: "fair1@example.com", file: "fair-2025.csv", linked: true },
    { email: "fair2@example.com", file: "fair-2025.csv", linked: true },
    { email: "footer@example.com", file: null, linked: false },
  ]);
  const columns = await client.query("select 1 from information_schema.columns where column_name = 'consent_source'");
  expect(columns.rows).toHaveLength(0);
});
