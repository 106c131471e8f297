import { paginationOf } from "@shop/shared/schemas/common";
import type { SubscriberDto, SubscriberListPagination, SubscriberListQuery } from "@shop/shared/schemas/newsletter";
import { asc, count, desc, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { subscribers } from "../../db/schema/index.ts";
import { queryRows } from "../../lib/sql.ts";
import { consentSourceOf } from "./import-consents.ts";
import { subscribersWithConsent, subscriberWhere, tagsOf, toSubscriberDto } from "./subscribers-service.ts";

/**
 * The admin's subscriber list: its totals (exact while small, the planner's estimate past
 * estimateTotalFrom) and its pages, read so that neither the first nor the last page of a large
 * audience reads more of it than it shows.
 */

const sortColumns = {
  createdAt: subscribers.createdAt,
  email: subscribers.email,
  subscribedAt: subscribers.subscribedAt,
  status: subscribers.status,
} as const;

/**
 * Up to this many matching people a list gives its exact total. Beyond it, counting reads every match
 * (about 20 ms for 100,000 on PGlite) on every page turn, so the list gives PostgreSQL's own estimate
 * and says so (as listmonk does).
 */
export const estimateTotalFrom = 10_000;

/**
 * How far past the threshold the planner must put a filter for the list to take its word without
 * counting: a status's or a tag's estimate comes from the measured common values, close while they
 * are recent; a search's is a rule of thumb. Four times over is past both, and counting up to the
 * threshold first cost a large filtered list about 10 ms of PGlite's one thread on every page.
 */
const trustedEstimateFrom = 4 * estimateTotalFrom;

type Total = { total: number; isEstimate: boolean };

/** When this process last asked each database to measure the audience (ANALYZE). */
const measuredAt = new WeakMap<Db, number>();

/** A minute, as autovacuum naps: a filter the planner keeps misjudging costs one ANALYZE a minute at most. */
const measureAgainAfterMs = 60_000;

/**
 * Counting past the threshold proved the statistics missing or out of date (PGlite runs no
 * autovacuum; an import, or a tag given to many since, leaves them behind): measure the audience and
 * its tag links in the background, so the next page can use the estimate.
 */
function measureSoon(db: Db): void {
  const last = measuredAt.get(db);
  if (last !== undefined && Date.now() - last < measureAgainAfterMs) return;
  measuredAt.set(db, Date.now());
  db.execute(sql`analyze subscribers, subscriber_tags`).catch(() => measuredAt.delete(db));
}

/**
 * The planner's estimate of the people matching `where` (planning only, nothing is read): the rows
 * per page it last measured, times the pages there are now, times its share for the filter. Undefined
 * while it has never measured a row (reltuples -1 or 0: no ANALYZE, VACUUM or index build since it
 * grew), when it would guess from the page count alone, as much as half again too many.
 */
async function plannedRows(db: Db, where: SQL | undefined): Promise<number | undefined> {
  const [stats] = await queryRows<{ measured: number }>(
    db,
    sql`select reltuples::float8 as measured from pg_class where oid = 'subscribers'::regclass`,
  );
  if (!stats || Number(stats.measured) <= 0) return undefined;
  const query = db.select({ one: sql`1` }).from(subscribers).where(where);
  const [row] = await queryRows<{ "QUERY PLAN": unknown }>(db, sql`explain (format json) ${query}`);
  const raw = row?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { "Plan Rows": number } }] | undefined;
  return Math.round(plan?.[0]?.Plan["Plan Rows"] ?? 0);
}

/**
 * A filtered list's matches, found once: counted up to one past the threshold and, while there are no
 * more than that, sorted for the page. Found first and sorted after, they are read once; counted
 * first and then paged by walking the sort order's index from the newest, testing everyone on the
 * way, the audience was read twice whenever the matches were older than most of it (300 behind
 * 20,000 newer people: 40,000 rows read and thrown away). The matches are materialized so the
 * planner cannot fold them back into that walk. Undefined past the threshold: the page is then read
 * by walking the index, which finds its rows soon among that many.
 */
async function countedPage(
  db: Db,
  query: SubscriberListQuery,
  where: SQL,
): Promise<{ total: number; ids: string[] } | undefined> {
  const direction = sql.raw(query.sortOrder === "asc" ? "asc" : "desc");
  const rows = await queryRows<{ total: number; id: string | null }>(
    db,
    sql`with matches as materialized (
        select ${subscribers.id} as id, ${sortColumns[query.sortBy]} as sort_key
        from ${subscribers} where ${where} limit ${estimateTotalFrom + 1}
      )
      select counted.total, page.id from (select count(*)::int as total from matches) counted
      left join lateral (
        select id, sort_key from matches order by sort_key ${direction}, id ${direction}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}
      ) page on true
      order by page.sort_key ${direction}, page.id ${direction}`,
  );
  const total = Number(rows[0]?.total ?? 0);
  if (total > estimateTotalFrom) return undefined;
  return { total, ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])) };
}

/**
 * The total of the whole audience, or of a filter known to match more than the threshold (countedPage):
 * the planner's estimate when it is above the threshold, else the exact count. The whole audience is
 * estimated from the catalogue alone. Without statistics for the filter (an import leaves none) the
 * planner guesses (500 of 100,000 for one status), so the list is counted in full then, never shown as
 * "about 10,001", and the audience is measured for the next page. An estimate can still be wrong by as
 * much as the audience changed since it was measured.
 */
async function totalOf(db: Db, where: SQL | undefined, estimate: number | undefined): Promise<Total> {
  if (estimate !== undefined && estimate > estimateTotalFrom) return { total: estimate, isEstimate: true };
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(subscribers).where(where);
  if (total > estimateTotalFrom) measureSoon(db);
  return { total, isEstimate: false };
}

/**
 * The ids of one page. A page past the middle is read from the other end (the order reversed, then
 * the ids turned back), so the last page walks as little of the index as the first; with an
 * estimated total the pages near the end are as near as the estimate.
 */
async function pageIdsOf(db: Db, query: SubscriberListQuery, where: SQL | undefined, total: number) {
  const offset = (query.page - 1) * query.limit;
  const fromEnd = offset > total / 2 && offset < total;
  const descending = (query.sortOrder === "asc") === fromEnd;
  const order = descending ? desc : asc;
  const take = fromEnd ? Math.min(query.limit, total - offset) : query.limit;
  const rows = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(where)
    .orderBy(order(sortColumns[query.sortBy]), order(subscribers.id))
    .limit(take)
    .offset(fromEnd ? total - offset - take : offset);
  const ids = rows.map((row) => row.id);
  return fromEnd ? ids.reverse() : ids;
}

/**
 * A page of subscribers. The page's ids come first from the index alone, then only those rows are
 * read, so a deep page costs an index walk rather than reading every row it skips.
 */
export async function listSubscribers(
  db: Db,
  query: SubscriberListQuery,
): Promise<{ subscribers: SubscriberDto[]; pagination: SubscriberListPagination }> {
  const where = subscriberWhere(query);
  const estimate = await plannedRows(db, where);
  const surelyLarge = estimate !== undefined && estimate > trustedEstimateFrom;
  const counted = where && !surelyLarge ? await countedPage(db, query, where) : undefined;
  const { total, isEstimate } = counted
    ? { total: counted.total, isEstimate: false }
    : await totalOf(db, where, estimate);
  const pageIds = counted ? counted.ids : await pageIdsOf(db, query, where, total);
  const [rows, tags] = await Promise.all([
    pageIds.length > 0 ? subscribersWithConsent(db, inArray(subscribers.id, pageIds)) : [],
    tagsOf(db, pageIds),
  ]);
  const byId = new Map(rows.map((row) => [row.subscriber.id, row]));
  return {
    subscribers: pageIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSubscriberDto(row.subscriber, tags.get(id) ?? [], consentSourceOf(row.consent))] : [];
    }),
    pagination: {
      ...paginationOf(query.page, query.limit, total),
      totalSubscribers: total,
      totalIsEstimate: isEstimate,
      subscribersPerPage: query.limit,
    },
  };
}
