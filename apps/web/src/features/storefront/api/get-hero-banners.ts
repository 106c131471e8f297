import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The fields the carousel shows; the API sends the active, in-date banners in display order. */
export type HeroBanner = Pick<HeroBannerDto, "_id" | "title" | "subtitle" | "image" | "ctaLabel" | "ctaLink">;

export async function getHeroBanners(signal?: AbortSignal): Promise<HeroBanner[]> {
  const { data } = await api.get<HeroBanner[]>("/hero-banners", { signal });
  return Array.isArray(data) ? data : [];
}

export function heroBannersQueryOptions() {
  return queryOptions({ queryKey: ["hero-banners"] as const, queryFn: ({ signal }) => getHeroBanners(signal) });
}

export function useHeroBanners() {
  return useQuery(heroBannersQueryOptions());
}
