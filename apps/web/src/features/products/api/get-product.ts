import type { ProductDto } from "@shop/shared/schemas/products";
import { uiCopy } from "@shop/shared/ui-copy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { productKeys } from "./product-keys";

export async function getProduct(idOrSlug: string, signal?: AbortSignal): Promise<ProductDto> {
  const { data } = await api.get<ProductDto>(`/products/${encodeURIComponent(idOrSlug)}`, {
    signal,
    defaultMessage: uiCopy.storefront.errors.product,
  });
  return data;
}

/** True when the server answered that the thing does not exist (404 Product not found, Post not found). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function productQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: productKeys.detail(idOrSlug),
    queryFn: ({ signal }) => getProduct(idOrSlug, signal),
    // Asking again will not make a missing product appear.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });
}

/** GET /products/:id — the id or the slug. */
export function useProduct(idOrSlug: string) {
  return useQuery(productQueryOptions(idOrSlug));
}
