import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ProductDto } from "@shop/shared/schemas/products";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { isNotFound } from "@/features/products/api/get-product";
import { api } from "@/lib/api-client";
import { adminProductKeys } from "./keys";

/** GET /products/:id — staff get inactive products too. */
export async function getAdminProduct(id: string, signal?: AbortSignal): Promise<ProductDto> {
  const { data } = await api.get<ProductDto>(`/products/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: backofficeCopy.products.failedFetch,
  });
  return data;
}

export function adminProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminProductKeys.detail(id),
    queryFn: ({ signal }) => getAdminProduct(id, signal),
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
    // The form starts from what is stored now, not from a copy cached minutes ago.
    staleTime: 0,
  });
}

export function useAdminProduct(id: string) {
  return useQuery(adminProductQueryOptions(id));
}
