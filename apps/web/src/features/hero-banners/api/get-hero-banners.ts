import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { heroBannerKeys } from "./keys";

/** GET /hero-banners/all — every banner, live or not, in display order (a handful: no paging). */
export async function getAllHeroBanners(signal?: AbortSignal): Promise<HeroBannerDto[]> {
  const { data } = await api.get<HeroBannerDto[]>("/hero-banners/all", {
    signal,
    defaultMessage: backofficeCopy.banners.failedFetch,
  });
  return data;
}

export function allHeroBannersQueryOptions() {
  return queryOptions({ queryKey: heroBannerKeys.list(), queryFn: ({ signal }) => getAllHeroBanners(signal) });
}

export function useAllHeroBanners() {
  return useQuery(allHeroBannersQueryOptions());
}
