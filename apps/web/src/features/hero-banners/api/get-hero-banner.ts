import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { isNotFound } from "@/features/products/api/get-product";
import { api } from "@/lib/api-client";
import { heroBannerKeys } from "./keys";

/** GET /hero-banners/:id */
export async function getHeroBanner(id: string, signal?: AbortSignal): Promise<HeroBannerDto> {
  const { data } = await api.get<HeroBannerDto>(`/hero-banners/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: backofficeCopy.banners.failedFetch,
  });
  return data;
}

export function heroBannerQueryOptions(id: string) {
  return queryOptions({
    queryKey: heroBannerKeys.detail(id),
    queryFn: ({ signal }) => getHeroBanner(id, signal),
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
    staleTime: 0,
  });
}

export function useHeroBanner(id: string) {
  return useQuery({ ...heroBannerQueryOptions(id), enabled: id !== "" });
}
