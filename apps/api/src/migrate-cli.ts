import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { sampleShopIn } from "./sample-shop/seed.ts";

// `npm run db:migrate`. A refusal (the embedded database in use, a database from a newer version) is
// a sentence for the operator, not a stack trace.
try {
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, { sampleContent: sampleShopIn(config.uploadsDir) });
  process.stdout.write(`Database migrated (${database.kind})\n`);
  await database.close();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(error instanceof ConfigError ? `${message}\n` : `Migration failed: ${message}\n`);
  process.exit(1);
}
