import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { SubcategoryDto } from "@shop/shared/schemas/products";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { categoryKeys } from "./keys";

/** GET /subcategories?categoryId — one category's, or all without it. */
export async function getSubcategories(categoryId: string | undefined, signal?: AbortSignal) {
  const { data } = await api.get<SubcategoryDto[]>("/subcategories", {
    query: { categoryId },
    signal,
    defaultMessage: backofficeCopy.categories.failedFetch,
  });
  return data;
}

export function subcategoriesQueryOptions(categoryId: string | undefined) {
  return queryOptions({
    queryKey: categoryKeys.subcategories(categoryId),
    queryFn: ({ signal }) => getSubcategories(categoryId, signal),
  });
}

export function useSubcategories(categoryId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subcategoriesQueryOptions(categoryId), enabled });
}
