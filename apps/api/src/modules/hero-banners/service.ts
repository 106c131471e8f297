import {
  bannerDatesInOrder,
  bannerDatesMessage,
  type HeroBannerCreate,
  type HeroBannerDto,
  type HeroBannerUpdate,
} from "@shop/shared/schemas/hero-banners";
import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { heroBanners } from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../lib/errors.ts";

export function toHeroBannerDto(row: typeof heroBanners.$inferSelect): HeroBannerDto {
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    ctaLabel: row.ctaLabel,
    ctaLink: row.ctaLink,
    displayOrder: row.displayOrder,
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const dayMs = 86_400_000;

/**
 * What the storefront carousel shows: active banners inside their dates, in display order. The end date
 * is the last day shown, stored as that day's midnight UTC (as the admin form has always saved it), so a
 * banner leaves one day after it: endsAt + 1 day > now. Comparing against now - 1 day keeps the column
 * bare, and every end saved before reads as the inclusive day the admin picked.
 */
export async function listLiveBanners(db: Db, now = new Date()): Promise<HeroBannerDto[]> {
  const rows = await db
    .select()
    .from(heroBanners)
    .where(
      and(
        eq(heroBanners.isActive, true),
        or(isNull(heroBanners.startsAt), lte(heroBanners.startsAt, now)),
        or(isNull(heroBanners.endsAt), gt(heroBanners.endsAt, new Date(now.getTime() - dayMs))),
      ),
    )
    .orderBy(asc(heroBanners.displayOrder), asc(heroBanners.createdAt));
  return rows.map(toHeroBannerDto);
}

export const bannerNotFound = "Hero banner not found";

export async function listAllBanners(db: Db): Promise<HeroBannerDto[]> {
  const rows = await db.select().from(heroBanners).orderBy(asc(heroBanners.displayOrder), asc(heroBanners.createdAt));
  return rows.map(toHeroBannerDto);
}

export async function getBanner(db: Db, id: string): Promise<HeroBannerDto> {
  const [row] = await db.select().from(heroBanners).where(eq(heroBanners.id, id));
  if (!row) throw notFound(bannerNotFound);
  return toHeroBannerDto(row);
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : value === null ? null : undefined);

export async function createBanner(db: Db, input: HeroBannerCreate): Promise<HeroBannerDto> {
  const [row] = await db
    .insert(heroBanners)
    .values({ ...input, startsAt: toDate(input.startsAt) ?? null, endsAt: toDate(input.endsAt) ?? null })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return toHeroBannerDto(row);
}

export async function updateBanner(db: Db, id: string, input: HeroBannerUpdate) {
  const before = await getBanner(db, id);
  const startsAt = input.startsAt === undefined ? before.startsAt : input.startsAt;
  const endsAt = input.endsAt === undefined ? before.endsAt : input.endsAt;
  if (!bannerDatesInOrder(startsAt, endsAt)) throw badRequest(bannerDatesMessage, { endsAt: bannerDatesMessage });
  const { startsAt: _s, endsAt: _e, ...rest } = input;
  const [row] = await db
    .update(heroBanners)
    .set({
      ...rest,
      ...(input.startsAt !== undefined && { startsAt: toDate(input.startsAt) ?? null }),
      ...(input.endsAt !== undefined && { endsAt: toDate(input.endsAt) ?? null }),
    })
    .where(eq(heroBanners.id, id))
    .returning();
  if (!row) throw notFound(bannerNotFound);
  return { before, after: toHeroBannerDto(row) };
}

export async function deleteBanner(db: Db, id: string): Promise<HeroBannerDto> {
  const [row] = await db.delete(heroBanners).where(eq(heroBanners.id, id)).returning();
  if (!row) throw notFound(bannerNotFound);
  return toHeroBannerDto(row);
}

/** Drag-to-reorder: the listed banners take display orders 0, 1, 2… in the order given. */
export async function reorderBanners(db: Db, ids: string[]): Promise<HeroBannerDto[]> {
  const unique = [...new Set(ids)];
  const known = await db.select({ id: heroBanners.id }).from(heroBanners).where(inArray(heroBanners.id, unique));
  if (known.length !== unique.length) throw badRequest(bannerNotFound, { ids: bannerNotFound });
  await db.transaction(async (tx) => {
    for (const [index, id] of unique.entries()) {
      await tx.update(heroBanners).set({ displayOrder: index }).where(eq(heroBanners.id, id));
    }
  });
  return listAllBanners(db);
}
