import path from "node:path";
import type { Config } from "../config.ts";
import { type Database, type Db, openDatabase } from "./client.ts";
import { lockEmbeddedDatabase } from "./embedded-lock.ts";
import { bringSampleDatesForward, placeFirstStartImage, sampleMadeAt } from "./image.ts";
import { seed } from "./seed/index.ts";

type OpenOptions = {
  /**
   * Fills an empty shop with sample content when SAMPLE_DATA asks for it. Passed in by the entry
   * point (src/sample-shop), since it draws through the uploads module, which db/ does not reach.
   */
  sampleContent: (db: Db) => Promise<void>;
  onGeneratedPassword?: (email: string, password: string) => void;
};

/** Opens the configured database, applies migrations and seeds an empty one. */
export async function openConfiguredDatabase(config: Config, options: OpenOptions): Promise<Database> {
  const { sampleContent, onGeneratedPassword } = options;
  const database = config.databaseUrl
    ? await openDatabase({
        kind: "postgres",
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        queryTimeoutMs: config.databaseQueryTimeoutMs,
      })
    : await openPglite(config);
  try {
    await database.exclusive(async () => {
      await database.migrate();
      await seed(database.db, { admin: config.admin, ...(onGeneratedPassword && { onGeneratedPassword }) });
      if (config.sampleData) await sampleContent(database.db);
    });
  } catch (error) {
    // Closed, so an embedded database's lock goes with it and the caller need not hold what failed.
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/** An empty data directory starts from the image the build made, when there is one (decision 002). */
async function openPglite(config: Config): Promise<Database> {
  const dataDir = path.join(config.dataDir, "pglite");
  // Before the image: a second start must not place one beside (or under) a running shop.
  const lock = lockEmbeddedDatabase(dataDir);
  let placed: boolean;
  try {
    placed = await placeFirstStartImage(dataDir, config);
  } catch (error) {
    lock.release();
    throw error;
  }
  const database = await openDatabase({ kind: "pglite", dataDir, lock });
  const madeAt = placed && config.sampleData ? sampleMadeAt() : undefined;
  if (madeAt) await bringSampleDatesForward(database.db, madeAt);
  return database;
}
