import type { SuppressionPage } from "@shop/shared/schemas/suppressions";
import { suppressionCopy } from "@shop/shared/schemas/suppressions";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

export type SuppressionFilters = { page: number; limit: number; search: string };

/** GET /newsletter/suppressions: the addresses in force, newest first. */
export async function getSuppressions(filters: SuppressionFilters, signal?: AbortSignal): Promise<SuppressionPage> {
  const { data } = await api.get<SuppressionPage>("/newsletter/suppressions", {
    query: { page: filters.page, limit: filters.limit, search: filters.search || undefined },
    signal,
    defaultMessage: suppressionCopy.page.failedFetch,
  });
  return data;
}

export function useSuppressions(filters: SuppressionFilters) {
  return useQuery(
    queryOptions({
      queryKey: newsletterKeys.suppressionList(filters),
      queryFn: ({ signal }) => getSuppressions(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
