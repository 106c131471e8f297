import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type EmbeddedLock, lockEmbeddedDatabase } from "./embedded-lock.ts";
import { autovacuumNaptimeMs, vacuumOnATimer } from "./pglite-maintenance.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The common face of both drivers: services take this and never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /** Runs start-up work (migrations, seeding) in one process at a time when several share the database. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL pool connections by state; PGlite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

/** The migrations folder sits beside the source in development and beside the bundle in dist. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "migrations"), path.join(here, "..", "migrations")];
  return process.env.MIGRATIONS_DIR ?? candidates.find((dir) => existsSync(dir)) ?? candidates[0] ?? "";
}

/** Rows of a raw statement, from either driver. */
type RunQuery = <T>(text: string) => Promise<T[]>;

const rowsOf =
  (db: Db): RunQuery =>
  async <T>(text: string) =>
    ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/**
 * Drizzle's migrator applies only the migrations later than the database's last one, so on a database
 * a newer version has migrated it applies nothing, and this build would run on tables it does not know.
 * Journal times are drizzle's created_at.
 */
export async function refuseNewerDatabase(query: RunQuery): Promise<void> {
  const [table] = await query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!table?.present) return;
  const [last] = await query<{ at: string | null }>(
    "select max(created_at)::text as at from drizzle.__drizzle_migrations",
  );
  const newestKnown = Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((m) => m.folderMillis),
  );
  const lastApplied = Number(last?.at ?? 0);
  if (lastApplied <= newestKnown) return;
  const day = (at: number) => new Date(at).toISOString().slice(0, 16).replace("T", " ");
  throw new Error(
    `This database was migrated by a newer version of the shop (its last migration is from ${day(lastApplied)} UTC, this version's from ${day(newestKnown)} UTC): run that version or a later one, or restore a backup made by this version`,
  );
}

/**
 * PostgreSQL's buffer pool inside PGlite's WASM memory, which never shrinks: the 128 MB default was all
 * resident after a large import (peak RSS 649 MB at 1M rows, 413 MB before it) and after first start.
 * With 32 MB the same import peaks at 518 MB (306 before) and takes as long (44.1 s against 44.0 s):
 * the data files are on disk behind it, in the operating system's cache (decision 002, "Memory").
 */
const pgliteSettings = "shared_buffers = 32MB\n";

/** PGlite with the extensions our migrations use (pg_trgm for contains-search). */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  // PGlite writes this as the data directory's postgresql.conf on every start.
  return PGlite.create({ ...options, extensions: { pg_trgm }, postgresqlconf: pgliteSettings });
}

export type OpenOptions =
  | { kind: "postgres"; url: string; poolSize?: number; queryTimeoutMs?: number }
  | {
      kind: "pglite";
      dataDir?: string;
      /** The lock on dataDir when the caller took it first (to place a first-start image); else taken here. */
      lock?: EmbeddedLock;
      client?: PGlite;
      checkpointEveryMs?: number;
      vacuumEveryMs?: number;
    };

/** PostgreSQL's default checkpoint_timeout: how often its checkpointer writes a checkpoint. */
const checkpointTimeoutMs = 300_000;

/**
 * PGlite runs no checkpointer process, so nothing ever writes a checkpoint while the app runs: its
 * WAL grows with every write until the process stops (1.2 GB after a 700,000-row import), and a crash
 * replays all of it at the next start. This does the checkpointer's timed part. A checkpoint after
 * 100,000 new rows took ~20 ms (shared_buffers is 128 MB, fsync off), one with nothing written ~1 ms;
 * it queues behind an open transaction like any statement.
 */
function checkpointOnATimer(client: PGlite, everyMs: number): () => void {
  const timer = setInterval(() => {
    if (!client.closed) client.exec("checkpoint").catch(() => {});
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // A server that stops answering (frozen, partitioned) must fail the query, not hang the request:
      // the client gives up after this long, and TCP keep-alive notices a dead peer on idle connections.
      query_timeout: options.queryTimeoutMs ?? 10_000,
      keepAlive: true,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      migrate: async () => {
        await refuseNewerDatabase(rowsOf(db));
        await migratePg(db, { migrationsFolder: migrationsFolder() });
      },
      exclusive: (work) => withAdvisoryLock(options.url, work),
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const lock = options.lock ?? (options.dataDir ? lockEmbeddedDatabase(options.dataDir) : undefined);
  let client: PGlite;
  try {
    client = options.client ?? (await createPglite(options.dataDir ? { dataDir: options.dataDir } : {}));
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  const stopCheckpoints = checkpointOnATimer(client, options.checkpointEveryMs ?? checkpointTimeoutMs);
  const stopVacuums = vacuumOnATimer(client, options.vacuumEveryMs ?? autovacuumNaptimeMs);
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await refuseNewerDatabase(rowsOf(db));
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
    },
    // One process owns a PGlite data directory (the lock), so there is nobody to wait for.
    exclusive: (work) => work(),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      stopCheckpoints();
      stopVacuums();
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * A session-level advisory lock on its own connection (not the pool's, which the work itself needs):
 * two instances starting together migrate and seed one after the other instead of racing.
 */
async function withAdvisoryLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A server going away mid-start-up must fail the start, not crash the process with an unheard 'error'.
  lock.on("error", () => {});
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext('smart-home-shop:startup'))");
    return await work();
  } finally {
    await lock.end();
  }
}
