import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Db } from "../../db/client.ts";

export type Statement = (
  text: string,
  params?: unknown[],
) => Promise<{ rows: Record<string, unknown>[]; count: number }>;

/**
 * One session of the database behind `db`, with what an import needs and drizzle does not give:
 * COPY (node-postgres through pg-copy-streams, PGlite from a blob), and temporary tables that last
 * from one statement to the next.
 */
export type ImportConnection = {
  query: Statement;
  copy(table: string, rows: Buffer): Promise<void>;
  transaction<T>(work: (query: Statement) => Promise<T>): Promise<T>;
  /** A connection that failed is closed rather than pooled, taking its temporary tables with it. */
  release(failed: boolean): void;
  /** PGlite has one session, shared with every request: tables made there must be dropped by name. */
  shared: boolean;
};

/** drizzle documents `$client` as the driver it was made with: a pg Pool or a PGlite. */
export async function openImportConnection(db: Db): Promise<ImportConnection> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return pgConnection(await client.connect());
  if (client instanceof PGlite) return pgliteConnection(client);
  throw new Error("An import needs PostgreSQL or PGlite");
}

function pgConnection(client: pg.PoolClient): ImportConnection {
  const query: Statement = async (text, params) => {
    const result = await client.query(text, params);
    return { rows: result.rows, count: result.rowCount ?? 0 };
  };
  return {
    query,
    async copy(table, rows) {
      const stream = client.query(copyFrom(`copy ${table} from stdin`));
      await new Promise<void>((resolve, reject) => {
        stream.on("error", reject);
        stream.on("finish", resolve);
        stream.end(rows);
      });
    },
    async transaction(work) {
      await client.query("begin");
      try {
        const result = await work(query);
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
  const statement =
    (runner: Pick<PGlite, "query">): Statement =>
    async (text, params) => {
      const result = await runner.query<Record<string, unknown>>(text, params);
      return { rows: result.rows, count: result.affectedRows ?? 0 };
    };
  return {
    query: statement(client),
    async copy(table, rows) {
      await client.query(`copy ${table} from '/dev/blob'`, [], { blob: new Blob([new Uint8Array(rows)]) });
    },
    transaction: (work) => client.transaction((tx) => work(statement(tx))),
    release() {},
    shared: true,
  };
}
