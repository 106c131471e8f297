import { loadConfig, loadDotEnv } from "../config.ts";
import { openConfiguredDatabase } from "./open.ts";

loadDotEnv();
const config = loadConfig();
const database = await openConfiguredDatabase(config);
process.stdout.write(`Database migrated (${database.kind})\n`);
await database.close();
