import path from "node:path";
import { loadConfig, loadDotEnv } from "../config.ts";
import { backupPglite, generatedSecretInUse, type Restored, restorePglite } from "./backup.ts";

// `npm run backup` and `npm run restore -- <file>`: the embedded database, its secret and the uploads
// folder. With DATABASE_URL, use pg_dump / pg_restore and copy the uploads folder (README, "Backups").
loadDotEnv();
const config = loadConfig();
const [command, file] = process.argv.slice(2);
if (config.databaseUrl) {
  process.stderr.write("DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, Backups).\n");
  process.exit(1);
}
const dependents = "links already mailed, stored two-factor secrets and sign-ins";
/** Read before a restore replaces it: whether the secret the shop uses is DATA_DIR/jwt-secret or JWT_SECRET. */
const withSecret = generatedSecretInUse(config.dataDir, config.jwtSecret);

try {
  if (command === "backup") {
    const written = await backupPglite(config.dataDir, path.join(config.dataDir, "..", "backups"), {
      withSecret,
      uploadsDir: config.uploadsDir,
    });
    const secret = withSecret
      ? "It holds the signing secret (DATA_DIR/jwt-secret): keep it as private as the database."
      : `JWT_SECRET comes from the environment and is not in the backup: keep it with the backup, as ${dependents} depend on it.`;
    process.stdout.write(`Backup written to ${written}, with the images in ${config.uploadsDir}.\n${secret}\n`);
  } else if (command === "restore" && file) {
    const restored = await restorePglite(config.dataDir, path.resolve(file), { uploadsDir: config.uploadsDir });
    const kept = restored.databaseKeptAs ? `; the previous database is kept at ${restored.databaseKeptAs}` : "";
    process.stdout.write(
      `Restored ${file} into ${config.dataDir}${kept}\n${uploadsNote(restored)}\n${secretNote(restored)}\n`,
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

function uploadsNote(restored: Restored): string {
  if (restored.uploads === "not in the backup") {
    return `The backup holds no images (it was made before backups kept them): ${config.uploadsDir} is left as it was.`;
  }
  const kept = restored.uploadsKeptAs ? ` (the previous ones are kept at ${restored.uploadsKeptAs})` : "";
  return `The backup's images are in ${config.uploadsDir}${kept}.`;
}

function secretNote(restored: Restored): string {
  const file = path.join(config.dataDir, "jwt-secret");
  if (restored.secret === "not in the backup") {
    return `The backup holds no signing secret: run the shop with the JWT_SECRET it had, or ${dependents} will not work.`;
  }
  const kept = restored.secretKeptAs ? ` (the previous one is kept at ${restored.secretKeptAs})` : "";
  const placed = `The backup's signing secret is in ${file}${kept}.`;
  return withSecret
    ? placed
    : `${placed} JWT_SECRET is set and is used instead: unless it is the secret the backup was made with, ${dependents} will not work.`;
}
