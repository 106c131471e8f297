import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createPglite, openDatabase } from "../src/db/client.ts";
import { seed } from "../src/db/seed/index.ts";
import { createLocalStore } from "../src/modules/uploads/storage.ts";
import { seedSampleContent } from "../src/sample-shop/seed.ts";
import { testAdmin } from "./constants.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
    /** How every database this run's files make is named (test/harness.ts): shop_test_<run>_<worker pid>_<random>. */
    postgresTestPrefix: string;
  }
}

/**
 * Pays for initdb + migrations + seed once per run: PGlite tests load a dumped snapshot,
 * PostgreSQL tests clone a template database. Each test file then owns a fresh database.
 */
export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(path.join(tmpdir(), "shop-test-"));
  const seedOptions = { admin: testAdmin };
  const url = process.env.TEST_DATABASE_URL;

  if (url) {
    // Unique per project too: each project of vitest.config.ts runs this setup, and tears it down, on its own.
    const run = `${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
    const template = `shop_tpl_${run}`;
    const testPrefix = `shop_test_${run}_`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    const templateUrl = withDatabase(url, template);
    const database = await openDatabase({ kind: "postgres", url: templateUrl, poolSize: 2 });
    await database.migrate();
    await seed(database.db, seedOptions);
    await seedSampleContent(database.db, createLocalStore(path.join(workDir, "uploads")));
    await database.close();
    project.provide("postgresTemplate", template);
    project.provide("postgresTestPrefix", testPrefix);
    project.provide("pgliteSnapshot", "");
    return async () => {
      // Every file drops the databases it made (test/harness.ts, test/setup.ts). One still here was left
      // behind: it is dropped now, and the run fails naming it, rather than piling up in the local server.
      const leftovers = await admin.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1) order by datname",
        [testPrefix],
      );
      for (const { datname } of leftovers.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.query(`drop database if exists "${template}" with (force)`);
      await admin.end();
      await rm(workDir, { recursive: true, force: true });
      if (leftovers.rows.length > 0) {
        const names = leftovers.rows.map((row) => row.datname).join(", ");
        process.exitCode = 1; // vitest only logs an error thrown here: the run must still fail
        throw new Error(
          `${leftovers.rows.length} test database(s) of this run were still there at the end (dropped now): ${names}. A test file opened a database (openTestDatabase, createTestApp) that nothing closed.`,
        );
      }
    };
  }

  const client = await createPglite();
  const database = await openDatabase({ kind: "pglite", client });
  await database.migrate();
  await seed(database.db, seedOptions);
  await seedSampleContent(database.db, createLocalStore(path.join(workDir, "uploads")));
  const snapshot = await client.dumpDataDir("none");
  await client.close();
  const file = path.join(workDir, "snapshot.tar");
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  project.provide("postgresTemplate", "");
  project.provide("postgresTestPrefix", "");
  return async () => {
    await rm(workDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
