import { paginationOf } from "@shop/shared/schemas/common";
import {
  newsletterCopy,
  type SubscriberDto,
  type SubscriberFilter,
  type SubscriberListPagination,
  type SubscriberListQuery,
  type SubscriberStatus,
  type SubscriberUpdate,
  type TagRef,
} from "@shop/shared/schemas/newsletter";
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { formerSubscriberIds, newsletterTags, subscribers, subscriberTags } from "../../db/schema/index.ts";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { escapeLike, pgArray, queryRows } from "../../lib/sql.ts";
import { rememberFormerSubscriber } from "../campaigns/recipient-queue.ts";
import { refuseSuppressed } from "./suppression-list.ts";

type SubscriberRow = typeof subscribers.$inferSelect;

// Drizzle leaves a one-table select unqualified; subqueries must name the outer row in full.
const outerSubscriberId = sql.raw(`"subscribers"."id"`);

function toSubscriberDto(row: SubscriberRow, tags: TagRef[]): SubscriberDto {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    status: row.status as SubscriberStatus,
    source: row.source,
    tags,
    consentIp: row.consentIp,
    consentSource: row.consentSource ?? null,
    consentAt: row.consentAt?.toISOString() ?? null,
    subscribedAt: row.subscribedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tags of many subscribers in one query, never one per row. */
async function tagsOf(db: Db, ids: string[]): Promise<Map<string, TagRef[]>> {
  const byId = new Map<string, TagRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db
    .select({
      subscriberId: subscriberTags.subscriberId,
      id: newsletterTags.id,
      name: newsletterTags.name,
      slug: newsletterTags.slug,
    })
    .from(subscriberTags)
    .innerJoin(newsletterTags, eq(newsletterTags.id, subscriberTags.tagId))
    .where(inArray(subscriberTags.subscriberId, ids))
    .orderBy(asc(newsletterTags.name));
  for (const row of rows) byId.get(row.subscriberId)?.push({ _id: row.id, name: row.name, slug: row.slug });
  return byId;
}

/** The filter the list, the export, bulk tagging and campaign audiences all share. */
export function subscriberWhere(filter: SubscriberFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(subscribers.status, filter.status));
  if (filter.search) conditions.push(ilike(subscribers.email, `%${escapeLike(filter.search)}%`));
  if (filter.tagIds && filter.tagIds.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${subscriberTags} where ${subscriberTags.subscriberId} = ${outerSubscriberId} and ${subscriberTags.tagId} = any(${pgArray(filter.tagIds)}::uuid[]))`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

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
async function totalOf(db: Db, where: SQL | undefined): Promise<Total> {
  const estimate = await plannedRows(db, where);
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
  const counted = where ? await countedPage(db, query, where) : undefined;
  const { total, isEstimate } = counted ? { total: counted.total, isEstimate: false } : await totalOf(db, where);
  const pageIds = counted ? counted.ids : await pageIdsOf(db, query, where, total);
  const [rows, tags] = await Promise.all([
    pageIds.length > 0 ? db.select().from(subscribers).where(inArray(subscribers.id, pageIds)) : [],
    tagsOf(db, pageIds),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    subscribers: pageIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSubscriberDto(row, tags.get(id) ?? [])] : [];
    }),
    pagination: {
      ...paginationOf(query.page, query.limit, total),
      totalSubscribers: total,
      totalIsEstimate: isEstimate,
      subscribersPerPage: query.limit,
    },
  };
}

export async function getSubscriber(db: Db, id: string): Promise<SubscriberDto> {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.id, id));
  if (!row) throw notFound(newsletterCopy.subscriberNotFound);
  return toSubscriberDto(row, (await tagsOf(db, [id])).get(id) ?? []);
}

async function assertTags(db: Db, tagIds: string[]): Promise<void> {
  if (tagIds.length === 0) return;
  const unique = [...new Set(tagIds)];
  const [row] = await db.select({ n: count() }).from(newsletterTags).where(inArray(newsletterTags.id, unique));
  if ((row?.n ?? 0) !== unique.length)
    throw badRequest(newsletterCopy.tagNotFound, { tags: newsletterCopy.tagNotFound });
}

export async function updateSubscriber(db: Db, id: string, input: SubscriberUpdate) {
  const before = await getSubscriber(db, id);
  if (input.email !== before.email.toLowerCase()) await refuseSuppressed(db, input.email);
  if (input.tags) await assertTags(db, input.tags);
  await db
    .transaction(async (tx) => {
      await tx.update(subscribers).set({ email: input.email }).where(eq(subscribers.id, id));
      // The address they had is still theirs to erase: the log, reports and mail named them by it.
      if (input.email !== before.email.toLowerCase())
        await tx
          .insert(formerSubscriberIds)
          .values({ subscriberId: id, email: before.email.toLowerCase() })
          .onConflictDoNothing();
      if (input.tags) {
        await tx.delete(subscriberTags).where(eq(subscriberTags.subscriberId, id));
        const unique = [...new Set(input.tags)];
        if (unique.length > 0)
          await tx.insert(subscriberTags).values(unique.map((tagId) => ({ subscriberId: id, tagId })));
      }
    })
    .catch((error) => {
      if (isUniqueViolation(error)) throw conflict(newsletterCopy.emailTaken, { email: newsletterCopy.emailTaken });
      throw error;
    });
  return { before, after: await getSubscriber(db, id) };
}

export async function deleteSubscriber(db: Db, id: string): Promise<SubscriberDto> {
  const subscriber = await getSubscriber(db, id);
  await db.transaction(async (tx) => {
    await rememberFormerSubscriber(tx, id);
    await tx.delete(subscriberTags).where(eq(subscriberTags.subscriberId, id));
    await tx.delete(subscribers).where(eq(subscribers.id, id));
  });
  return subscriber;
}

/**
 * Adds tags to the chosen people or to everyone matching a filter in one statement each,
 * however many that is. Returns how many subscribers were in scope.
 */
export async function assignTags(
  db: Db,
  input: { tagIds: string[]; subscriberIds?: string[] | undefined; filter?: SubscriberFilter | undefined },
): Promise<number> {
  await assertTags(db, input.tagIds);
  const tagIds = [...new Set(input.tagIds)];
  const scope = input.subscriberIds?.length
    ? inArray(subscribers.id, [...new Set(input.subscriberIds)])
    : subscriberWhere(input.filter ?? {});
  const [inScope] = await db.select({ n: count() }).from(subscribers).where(scope);
  await db.execute(sql`
    insert into ${subscriberTags} (subscriber_id, tag_id)
    select ${outerSubscriberId}, tag.id from ${subscribers} cross join unnest(${pgArray(tagIds)}::uuid[]) as tag(id)
    ${scope ? sql`where ${scope}` : sql``}
    on conflict do nothing`);
  return inScope?.n ?? 0;
}

export { tagsOf };
