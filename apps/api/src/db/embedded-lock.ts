import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * PGlite takes no lock on its data directory, and a second instance's start-up (WAL replay, control
 * file writes) corrupts the database the first one is using. So whoever opens it holds
 * `<dir>.lock` (DATA_DIR/pglite.lock), made with O_EXCL and holding the owner's pid and host.
 */
export type EmbeddedLock = { release(): void };

/** Lock files this process holds: its own pid in a lock file is a second open here, or a lock from an earlier life. */
const held = new Set<string>();

// Killed processes leave their lock (the next start takes it over); one that exits without closing does not.
process.once("exit", () => {
  for (const file of held) removeIfOurs(file);
});

class EmbeddedDatabaseInUse extends Error {}

/**
 * The holder touches its lock this often; a lock from another host (whose pid cannot be checked: a
 * container recreated after a crash has a new host name) untouched for `staleAfterMs` is taken over.
 */
const refreshEveryMs = 10_000;
const staleAfterMs = 60_000;

export function lockEmbeddedDatabase(dataDir: string): EmbeddedLock {
  const file = `${path.resolve(dataDir)}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  const mine = `${process.pid}\n${hostname()}\n`;
  // Again after taking over a lock whose owner is gone, or one that vanished while being read.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, mine);
      closeSync(fd);
      held.add(file);
      const refresh = setInterval(() => {
        const now = new Date();
        try {
          utimesSync(file, now, now);
        } catch {
          // Gone (released, or deleted by hand): nothing to keep fresh.
        }
      }, refreshEveryMs);
      refresh.unref();
      return {
        release: () => {
          clearInterval(refresh);
          held.delete(file);
          removeIfOurs(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = ownerOf(file);
    if (owner && !isGone(owner, file)) throw inUse(dataDir, owner);
    takeOver(file, owner);
  }
  throw inUse(dataDir, ownerOf(file) ?? { pid: 0, host: "" });
}

type Owner = { pid: number; host: string; text: string };

function ownerOf(file: string): Owner | undefined {
  try {
    const text = readFileSync(file, "utf8");
    const [pid = "", host = ""] = text.split("\n");
    return { pid: Number(pid), host: host || hostname(), text };
  } catch {
    return undefined;
  }
}

/**
 * Only on this host can a pid be checked; another host's holder is gone once it stopped refreshing the
 * lock. Our own pid in a lock we do not hold is an earlier life of this process: a container's node
 * runs as pid 1 again after a crash.
 */
function isGone(owner: Owner, file: string): boolean {
  if (owner.host !== hostname()) return lastRefreshed(file) < Date.now() - staleAfterMs;
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return true;
  if (owner.pid === process.pid) return !held.has(file);
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Moved aside, not deleted: if two starts both found it stale, the one that moves it second gets the
 * winner's new lock and puts it back instead of deleting it.
 */
function takeOver(file: string, stale: Owner | undefined): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  if (stale && readFileSync(aside, "utf8") !== stale.text) {
    renameSync(aside, file);
    return;
  }
  unlinkSync(aside);
}

function lastRefreshed(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function removeIfOurs(file: string): void {
  try {
    if (readFileSync(file, "utf8").startsWith(`${process.pid}\n`)) unlinkSync(file);
  } catch {
    // Already gone.
  }
}

function inUse(dataDir: string, owner: { pid: number; host: string }): EmbeddedDatabaseInUse {
  const where = owner.host === hostname() ? "" : ` on ${owner.host}`;
  const elsewhere = where
    ? ` If that process is no longer running, the lock is taken over a minute after it stopped.`
    : "";
  return new EmbeddedDatabaseInUse(
    `The embedded database in ${dataDir} is in use by process ${owner.pid}${where}: stop it first, or use DATABASE_URL for more than one process.${elsewhere}`,
  );
}
