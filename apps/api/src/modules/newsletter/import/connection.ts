import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Db } from "../../../db/client.ts";
import { holdMaintenance } from "../../../db/pglite-maintenance.ts";

export type Statement = (
  text: string,
  params?: unknown[],
) => Promise<{ rows: Record<string, unknown>[]; count: number }>;

/**
 * One session of the database behind `db`, with what an import needs and drizzle does not give:
 * COPY (node-postgres through pg-copy-streams, PGlite from a blob), and temporary tables that last
 * from one statement to the next.
 */
export type Session = {
  query: Statement;
  /** COPY into `target` (a table, or a table and its columns: "t (a, b)"), as text or in binary format. */
  copy(target: string, rows: Buffer, format?: "text" | "binary"): Promise<void>;
};

export type ImportConnection = Session & {
  transaction<T>(work: (tx: Session) => Promise<T>): Promise<T>;
  /** A connection that failed is closed rather than pooled, taking its temporary tables with it. */
  release(failed: boolean): void;
  /** PGlite has one session, shared with every request: tables made there must be dropped by name. */
  shared: boolean;
};

/** drizzle documents `$client` as the driver it was made with: a pg Pool or a PGlite. */
const clientOf = (db: Db): unknown => (db as unknown as { $client: unknown }).$client;

/** PGlite: one session, shared by every request (a transaction there holds up all the others). */
export function sharesOneSession(db: Db): boolean {
  return clientOf(db) instanceof PGlite;
}

export async function openImportConnection(db: Db): Promise<ImportConnection> {
  const client = clientOf(db);
  if (client instanceof pg.Pool) return pgConnection(await client.connect());
  if (client instanceof PGlite) return pgliteConnection(client);
  throw new Error("An import needs PostgreSQL or PGlite");
}

function pgConnection(client: pg.PoolClient): ImportConnection {
  const query: Statement = async (text, params) => {
    const result = await client.query(text, params);
    return { rows: result.rows, count: result.rowCount ?? 0 };
  };
  const session: Session = {
    query,
    async copy(target, rows, format = "text") {
      const stream = client.query(copyFrom(`copy ${target} from stdin with (format ${format})`));
      await new Promise<void>((resolve, reject) => {
        stream.on("error", reject);
        stream.on("finish", resolve);
        stream.end(rows);
      });
    },
  };
  return {
    ...session,
    async transaction(work) {
      await client.query("begin");
      try {
        const result = await work(session);
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      }
    },
    release: (failed) => client.release(failed),
    shared: false,
  };
}

function pgliteConnection(client: PGlite): ImportConnection {
  const session = (runner: Pick<PGlite, "query">): Session => ({
    async query(text, params) {
      const result = await runner.query<Record<string, unknown>>(text, params);
      return { rows: result.rows, count: result.affectedRows ?? 0 };
    },
    async copy(target, rows, format = "text") {
      await runner.query(`copy ${target} from '/dev/blob' with (format ${format})`, [], {
        blob: new Blob([new Uint8Array(rows)]),
      });
    },
  });
  // Until the import lets go of its connection, PGlite's timed VACUUM waits: between two batches it
  // would hold every request for as long as the growing table takes to vacuum (decision 007).
  const releaseMaintenance = holdMaintenance(client);
  return {
    ...session(client),
    transaction: (work) => client.transaction((tx) => work(session(tx))),
    release: releaseMaintenance,
    shared: true,
  };
}
