import { addressSearchText } from "@shop/shared/email-address";
import {
  type ConsentSource,
  newsletterCopy,
  type SubscriberDto,
  type SubscriberFilter,
  type SubscriberStatus,
  type SubscriberUpdate,
  type TagRef,
} from "@shop/shared/schemas/newsletter";
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  formerSubscriberIds,
  importConsents,
  newsletterTags,
  subscribers,
  subscriberTags,
} from "../../db/schema/index.ts";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { escapeLike, pgArray } from "../../lib/sql.ts";
import { rememberFormerSubscriber } from "../campaigns/recipient-queue.ts";
import { consentSourceOf } from "./import-consents.ts";
import { refuseSuppressed } from "./suppression-list.ts";

type SubscriberRow = typeof subscribers.$inferSelect;

// Drizzle leaves a one-table select unqualified; subqueries must name the outer row in full.
const outerSubscriberId = sql.raw(`"subscribers"."id"`);

/** People with the import's consent record each refers to, if any: one statement for a page of them. */
export function subscribersWithConsent(db: Db, where: SQL) {
  return db
    .select({ subscriber: subscribers, consent: importConsents })
    .from(subscribers)
    .leftJoin(importConsents, eq(importConsents.id, subscribers.importConsentId))
    .where(where);
}

/** `consent`: the import's record the row refers to, when it refers to one. */
export function toSubscriberDto(row: SubscriberRow, tags: TagRef[], consent: ConsentSource | null): SubscriberDto {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    status: row.status as SubscriberStatus,
    source: row.source,
    tags,
    consentIp: row.consentIp,
    consentSource: consent,
    consentAt: row.consentAt?.toISOString() ?? null,
    subscribedAt: row.subscribedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tags of many subscribers in one query, never one per row. */
export async function tagsOf(db: Db, ids: string[]): Promise<Map<string, TagRef[]>> {
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
  if (filter.search) conditions.push(ilike(subscribers.email, `%${escapeLike(addressSearchText(filter.search))}%`));
  if (filter.tagIds && filter.tagIds.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${subscriberTags} where ${subscriberTags.subscriberId} = ${outerSubscriberId} and ${subscriberTags.tagId} = any(${pgArray(filter.tagIds)}::uuid[]))`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function getSubscriber(db: Db, id: string): Promise<SubscriberDto> {
  const [found] = await subscribersWithConsent(db, eq(subscribers.id, id));
  if (!found) throw notFound(newsletterCopy.subscriberNotFound);
  return toSubscriberDto(found.subscriber, (await tagsOf(db, [id])).get(id) ?? [], consentSourceOf(found.consent));
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
