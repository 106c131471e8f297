import type { CategoryDto } from "@shop/shared/schemas/products";
import { uiCopy } from "@shop/shared/ui-copy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { productKeys } from "./product-keys";

export async function getCategories(signal?: AbortSignal): Promise<CategoryDto[]> {
  const { data } = await api.get<CategoryDto[]>("/categories", {
    signal,
    defaultMessage: uiCopy.storefront.errors.categories,
  });
  return data;
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: productKeys.categories(), queryFn: ({ signal }) => getCategories(signal) });
}

/** GET /categories, in their display order. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
