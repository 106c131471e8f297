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

/** How many related products a product page shows. */
export const relatedProductsShown = 4;

/**
 * The lists pages ask for, named once: the page asks with these and its route prefetches with them,
 * so the server renders each page in one pass (app/public-routes.ts).
 */
export const pageLists = {
  /** A product page's related products: its category's best rated, one spare for the product itself. */
  related: (categorySlug: string): ProductListParams => ({
    category: categorySlug,
    limit: relatedProductsShown + 1,
    sortBy: "rating",
  }),
  /** A landing page's grid: its category's first twelve. */
  landing: (categorySlug: string): ProductListParams => ({ category: categorySlug, limit: 12 }),
};

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
