import { loadConfig, loadDotEnv } from "./config.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { sampleShopIn } from "./sample-shop/seed.ts";

loadDotEnv();
const config = loadConfig();
const database = await openConfiguredDatabase(config, { sampleContent: sampleShopIn(config.uploadsDir) });
process.stdout.write(`Database migrated (${database.kind})\n`);
await database.close();
