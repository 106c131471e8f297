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
    const template = `shop_tpl_${process.pid}_${Date.now()}`;
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
    project.provide("pgliteSnapshot", "");
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`shop_%_${process.pid}_%`],
      );
      for (const { datname } of leftovers.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
      await rm(workDir, { recursive: true, force: true });
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
  return async () => {
    await rm(workDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
