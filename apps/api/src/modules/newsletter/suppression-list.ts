import { paginationOf } from "@shop/shared/schemas/common";
import type { SuppressionReason } from "@shop/shared/schemas/deliverability";
import type { SuppressionListQuery, SuppressionPage } from "@shop/shared/schemas/suppressions";
import { suppressionCopy } from "@shop/shared/schemas/suppressions";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { escapeLike, queryRows } from "../../lib/sql.ts";
import { type ActiveSuppression, activeSuppression, liftSuppression } from "./suppressions.ts";

type Row = { id: string; email: string; reason: SuppressionReason; created_at: Date | string; total: number };

/** The suppressions in force, newest first, a page at a time. */
export async function listSuppressions(db: Db, query: SuppressionListQuery): Promise<SuppressionPage> {
  const search = query.search ? sql`and email ilike ${`%${escapeLike(query.search.toLowerCase())}%`}` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`select id, email, reason, created_at, count(*) over ()::int as total from suppressions
      where lifted_at is null ${search}
      order by created_at desc, id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    suppressions: rows.map((row) => ({
      _id: row.id,
      email: row.email,
      reason: row.reason,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    pagination: { ...paginationOf(query.page, query.limit, total), totalSuppressions: total },
  };
}

/** Lifts the suppression with this id, recording who did; 404 when it is not in force. */
export async function liftSuppressionById(db: Db, id: string, userId: string): Promise<ActiveSuppression> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select email from suppressions where id = ${id} and lifted_at is null`,
  );
  const lifted = row && (await liftSuppression(db, row.email, userId));
  if (!lifted) throw notFound(suppressionCopy.notFound);
  return lifted;
}

/** Staff cannot put a suppressed address back by hand: they are told why, and to lift it first. */
export async function refuseSuppressed(db: Pick<Db, "execute">, email: string): Promise<void> {
  const suppression = await activeSuppression(db, email);
  if (!suppression) return;
  const message = suppressionCopy.suppressed(suppression.reason);
  throw conflict(message, { email: message });
}
