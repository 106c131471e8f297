import path from "node:path";
import { loadConfig, loadDotEnv } from "../config.ts";
import { backupPglite, restorePglite } from "./backup.ts";

// `npm run backup` and `npm run restore -- <file>`: the embedded database only. With DATABASE_URL,
// use pg_dump / pg_restore (README, "Backups").
loadDotEnv();
const config = loadConfig();
const [command, file] = process.argv.slice(2);
if (config.databaseUrl) {
  process.stderr.write("DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, Backups).\n");
  process.exit(1);
}
try {
  if (command === "backup") {
    const written = await backupPglite(config.dataDir, path.join(config.dataDir, "..", "backups"));
    process.stdout.write(`Backup written to ${written}\nCopy ${config.uploadsDir} too: it holds the images.\n`);
  } else if (command === "restore" && file) {
    const kept = await restorePglite(config.dataDir, path.resolve(file));
    process.stdout.write(
      `Restored ${file} into ${config.dataDir}${kept ? `; the previous database is kept at ${kept}` : ""}\n`,
    );
  } else {
    process.stderr.write("Usage: npm run backup | npm run restore -- <backup file>\n");
    process.exit(1);
  }
} catch (error) {
  // What went wrong and what is where, for the operator; a stack trace says neither.
  process.stderr.write(`${command === "backup" ? "Backup" : "Restore"} failed: ${(error as Error).message}\n`);
  process.exit(1);
}
