import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { heroBanners } from "../../db/schema/index.ts";

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

/** What the storefront carousel shows: active banners inside their dates, in display order. */
export async function listLiveBanners(db: Db, now = new Date()): Promise<HeroBannerDto[]> {
  const rows = await db
    .select()
    .from(heroBanners)
    .where(
      and(
        eq(heroBanners.isActive, true),
        or(isNull(heroBanners.startsAt), lte(heroBanners.startsAt, now)),
        or(isNull(heroBanners.endsAt), gt(heroBanners.endsAt, now)),
      ),
    )
    .orderBy(asc(heroBanners.displayOrder), asc(heroBanners.createdAt));
  return rows.map(toHeroBannerDto);
}
