import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";

/** A banner as the API lists it, for this feature's tests: active, always shown, first in order. */
export const bannerOf = (id: string, title: string, overrides: Partial<HeroBannerDto> = {}): HeroBannerDto => ({
  _id: id,
  title,
  subtitle: "",
  image: `/uploads/banners/${id}-800.webp`,
  ctaLabel: "",
  ctaLink: "",
  displayOrder: 0,
  isActive: true,
  startsAt: null,
  endsAt: null,
  createdAt: "2025-03-05T10:00:00.000Z",
  updatedAt: "2025-03-05T10:00:00.000Z",
  ...overrides,
});
