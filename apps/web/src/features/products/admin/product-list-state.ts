import type { AdminProductFilters, ProductSortKey, ProductStatusFilter } from "./api/get-admin-products";

/** Spec section 9: page 1, 10 a page, newest first — and "Clear filters" comes back to exactly this. */
export const productListDefaults = {
  page: 1,
  limit: 10,
  sortBy: "createdAt",
  sortOrder: "desc",
  status: "active",
} as const satisfies Partial<AdminProductFilters>;

/** Everything about the list that lives in the URL besides the page. */
export const productUrlKeys = [
  "search",
  "category",
  "status",
  "inStock",
  "minPrice",
  "maxPrice",
  "sortBy",
  "sortOrder",
  "limit",
] as const;
export type ProductUrlKey = (typeof productUrlKeys)[number];

/** Filters the panel holds (search and sorting live elsewhere): an active one opens the panel. */
export const panelKeys: readonly ProductUrlKey[] = ["category", "status", "inStock", "minPrice", "maxPrice"];

export const pageSizes = [10, 20, 50] as const;
const sortKeys: readonly ProductSortKey[] = ["createdAt", "price", "name", "rating"];
const statuses: readonly ProductStatusFilter[] = ["active", "inactive", "all"];

function oneOf<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}

function priceOf(value: string): number | undefined {
  if (value.trim() === "") return undefined;
  const price = Number(value);
  return Number.isFinite(price) && price >= 0 ? price : undefined;
}

/** The GET /products query for a URL's values; anything unreadable falls back to the default. */
export function productFiltersOf(get: (key: ProductUrlKey) => string, page: number): AdminProductFilters {
  const limit = Number(get("limit"));
  const inStock = get("inStock");
  return {
    page,
    limit: pageSizes.find((size) => size === limit) ?? productListDefaults.limit,
    sortBy: oneOf(sortKeys, get("sortBy")) ?? productListDefaults.sortBy,
    sortOrder: get("sortOrder") === "asc" ? "asc" : productListDefaults.sortOrder,
    search: get("search") || undefined,
    category: get("category") || undefined,
    status: oneOf(statuses, get("status")) ?? productListDefaults.status,
    inStock: inStock === "true" || inStock === "false" ? inStock : undefined,
    minPrice: priceOf(get("minPrice")),
    maxPrice: priceOf(get("maxPrice")),
  };
}
