import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ProductDto, ProductPagination } from "@shop/shared/schemas/products";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminProductKeys } from "./keys";

export type ProductSortKey = "createdAt" | "price" | "name" | "rating";
export type ProductStatusFilter = "active" | "inactive" | "all";

/** GET /products as staff see it: every key is one the API knows; empty ones are dropped by the client. */
export type AdminProductFilters = {
  page: number;
  limit: number;
  sortBy: ProductSortKey;
  sortOrder: "asc" | "desc";
  search?: string;
  /** A category id. */
  category?: string;
  status: ProductStatusFilter;
  inStock?: "true" | "false";
  minPrice?: number;
  maxPrice?: number;
};

export type AdminProductList = { products: ProductDto[]; pagination: ProductPagination };

export async function getAdminProducts(filters: AdminProductFilters, signal?: AbortSignal) {
  const { data } = await api.get<AdminProductList>("/products", {
    query: filters,
    signal,
    defaultMessage: backofficeCopy.products.failedFetch,
  });
  return data;
}

export function adminProductsQueryOptions(filters: AdminProductFilters) {
  return queryOptions({
    queryKey: adminProductKeys.list(filters),
    queryFn: ({ signal }) => getAdminProducts(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(filters: AdminProductFilters) {
  return useQuery(adminProductsQueryOptions(filters));
}
