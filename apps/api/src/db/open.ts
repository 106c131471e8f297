import path from "node:path";
import type { Config } from "../config.ts";
import { createLocalStore } from "../modules/uploads/storage.ts";
import { type Database, openDatabase } from "./client.ts";
import { seed } from "./seed/index.ts";
import { seedSampleContent } from "./seed/sample.ts";

/** Opens the configured database, applies migrations and seeds an empty one. */
export async function openConfiguredDatabase(
  config: Config,
  onGeneratedPassword?: (email: string, password: string) => void,
): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({
        kind: "postgres",
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        queryTimeoutMs: config.databaseQueryTimeoutMs,
      })
    : await openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "pglite") });
  await database.exclusive(async () => {
    await database.migrate();
    await seed(database.db, { admin: config.admin, ...(onGeneratedPassword && { onGeneratedPassword }) });
    if (config.sampleData) await seedSampleContent(database.db, createLocalStore(config.uploadsDir));
  });
  return database;
}
