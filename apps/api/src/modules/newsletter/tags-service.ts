import { newsletterCopy, type TagCreate, type TagDto } from "@shop/shared/schemas/newsletter";
import { slugify } from "@shop/shared/slugify";
import { asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newsletterTags, subscriberTags } from "../../db/schema/index.ts";
import { conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { escapeLike, queryRows } from "../../lib/sql.ts";

// A one-table select leaves columns unqualified, so the outer row is named in full.
const subscriberCount = sql<number>`(select count(*)::int from ${subscriberTags} where ${subscriberTags.tagId} = "newsletter_tags"."id")`;

function toTagDto(row: typeof newsletterTags.$inferSelect & { subscriberCount: number }): TagDto {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    subscriberCount: Number(row.subscriberCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTags(db: Db, search?: string): Promise<TagDto[]> {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  const rows = await db
    .select({
      id: newsletterTags.id,
      name: newsletterTags.name,
      slug: newsletterTags.slug,
      description: newsletterTags.description,
      createdAt: newsletterTags.createdAt,
      updatedAt: newsletterTags.updatedAt,
      subscriberCount,
    })
    .from(newsletterTags)
    .where(pattern ? or(ilike(newsletterTags.name, pattern), ilike(newsletterTags.slug, pattern)) : undefined)
    .orderBy(asc(newsletterTags.name))
    .limit(500);
  return rows.map(toTagDto);
}

async function getTag(db: Db, id: string): Promise<TagDto> {
  const [row] = await db
    .select({
      id: newsletterTags.id,
      name: newsletterTags.name,
      slug: newsletterTags.slug,
      description: newsletterTags.description,
      createdAt: newsletterTags.createdAt,
      updatedAt: newsletterTags.updatedAt,
      subscriberCount,
    })
    .from(newsletterTags)
    .where(eq(newsletterTags.id, id));
  if (!row) throw notFound(newsletterCopy.tagNotFound);
  return toTagDto(row);
}

function taken(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(newsletterCopy.tagTaken, { name: newsletterCopy.tagTaken });
  throw error;
}

/**
 * The slug is always the name by the shared rule (spec section 5), on create and on every update. A slug
 * the client sends is still accepted, as older clients send one, but never stored.
 */
export async function createTag(db: Db, input: TagCreate): Promise<TagDto> {
  const [row] = await db
    .insert(newsletterTags)
    .values({ name: input.name, slug: slugify(input.name), description: input.description })
    .returning({ id: newsletterTags.id })
    .catch(taken);
  if (!row) throw new Error("insert returned nothing");
  return getTag(db, row.id);
}

export async function updateTag(db: Db, id: string, input: Partial<TagCreate>) {
  const before = await getTag(db, id);
  await db
    .update(newsletterTags)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      slug: slugify(input.name ?? before.name),
      ...(input.description !== undefined && { description: input.description }),
    })
    .where(eq(newsletterTags.id, id))
    .catch(taken);
  return { before, after: await getTag(db, id) };
}

/**
 * Campaigns still to be mailed (scheduled, or queueing their audience while they send) read their
 * tags when they do: deleting one would leave such a campaign with fewer people, or nobody.
 */
const campaignsAddressedTo = (id: string) => sql`exists (select 1 from campaigns
  where status in ('scheduled', 'sending', 'paused') and audience->>'type' = 'tags' and audience->'tagIds' ? ${id})`;

/** The tag leaves every subscriber; the subscribers stay. Refused while a campaign to be mailed uses it. */
export async function deleteTag(db: Db, id: string): Promise<TagDto> {
  const tag = await getTag(db, id);
  const [used] = await queryRows<{ used: boolean }>(db, sql`select ${campaignsAddressedTo(id)} as used`);
  if (used?.used) throw conflict(newsletterCopy.tagInCampaign);
  await db.transaction(async (tx) => {
    await tx.delete(subscriberTags).where(eq(subscriberTags.tagId, id));
    await tx.delete(newsletterTags).where(eq(newsletterTags.id, id));
  });
  return tag;
}

export async function tagsByIds(db: Db, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: newsletterTags.id, name: newsletterTags.name })
    .from(newsletterTags)
    .where(inArray(newsletterTags.id, ids));
}
