import type { Compatibility, ProductDto, ProductPagination } from "@shop/shared/schemas/products";
import { uiCopy } from "@shop/shared/ui-copy";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { productKeys } from "./product-keys";

export type ProductSortBy = "createdAt" | "price" | "name" | "rating";

/** GET /products filters; the API refuses unknown keys, and the client drops empty ones. */
export type ProductListParams = {
  page?: number;
  limit?: number;
  sortBy?: ProductSortBy;
  sortOrder?: "asc" | "desc";
  search?: string;
  category?: string;
  compatibility?: Compatibility;
  inStock?: boolean;
  isNew?: boolean;
  minPrice?: number;
  maxPrice?: number;
};

export type ProductList = { products: ProductDto[]; pagination: ProductPagination };

export async function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductList> {
  const { data } = await api.get<ProductList>("/products", {
    query: params,
    signal,
    defaultMessage: uiCopy.storefront.errors.products,
  });
  return data;
}

export function productsQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
  });
}

/** A page of products; with `keepPrevious`, the last page stays on screen while the next loads. */
export function useProducts(params: ProductListParams, { keepPrevious = false, enabled = true } = {}) {
  return useQuery({
    ...productsQueryOptions(params),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    enabled,
  });
}
