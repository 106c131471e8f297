import { maxPage } from "@shop/shared/schemas/common";
import type { Compatibility } from "@shop/shared/schemas/products";
import type { ProductListParams, ProductSortBy } from "./api/get-products";

/** Every filter of /shop lives in the URL under the API's own names, so a link reproduces the page. */
export const shopFilterKeys = [
  "search",
  "category",
  "compatibility",
  "minPrice",
  "maxPrice",
  "inStock",
  "isNew",
  "sortBy",
  "sortOrder",
] as const;
export type ShopFilterKey = (typeof shopFilterKeys)[number];

export const shopPageSize = 12;

export const compatibilities: readonly Compatibility[] = ["alexa", "google", "homekit"];
const maxPrice = 1_000_000;

export type SortOption = { value: string; sortBy: ProductSortBy; sortOrder: "asc" | "desc" };

/** The sort menu; the first is the API's default and is left out of the URL. */
export const sortOptions: readonly SortOption[] = [
  { value: "createdAt-desc", sortBy: "createdAt", sortOrder: "desc" },
  { value: "price-asc", sortBy: "price", sortOrder: "asc" },
  { value: "price-desc", sortBy: "price", sortOrder: "desc" },
  { value: "name-asc", sortBy: "name", sortOrder: "asc" },
  { value: "rating-desc", sortBy: "rating", sortOrder: "desc" },
];

export type ShopFilters = {
  search: string;
  category: string;
  compatibility: Compatibility | "";
  minPrice: number | undefined;
  maxPrice: number | undefined;
  inStock: boolean;
  isNew: boolean;
  sort: SortOption;
  page: number;
};

type ParamReader = { get(key: string): string | null };

function priceFrom(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= maxPrice ? value : undefined;
}

function isCompatibility(value: string): value is Compatibility {
  return (compatibilities as readonly string[]).includes(value);
}

/** Reads /shop's search params; a value that makes no sense (a typo, an old link) is ignored, not an error. */
export function shopFiltersFrom(params: ParamReader): ShopFilters {
  const compatibility = params.get("compatibility") ?? "";
  const sortValue = `${params.get("sortBy") ?? "createdAt"}-${params.get("sortOrder") ?? "desc"}`;
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    search: (params.get("search") ?? "").trim().slice(0, 200),
    category: (params.get("category") ?? "").trim().slice(0, 120),
    compatibility: isCompatibility(compatibility) ? compatibility : "",
    minPrice: priceFrom(params.get("minPrice")),
    maxPrice: priceFrom(params.get("maxPrice")),
    inStock: params.get("inStock") === "true",
    isNew: params.get("isNew") === "true",
    sort: sortOptions.find((option) => option.value === sortValue) ?? (sortOptions[0] as SortOption),
    page: Number.isFinite(page) && page > 0 && page <= maxPage ? page : 1,
  };
}

/** The GET /products query for these filters: only the keys the API knows, only when set. */
export function productParamsFrom(filters: ShopFilters, limit = shopPageSize): ProductListParams {
  const params: ProductListParams = { page: filters.page, limit };
  if (filters.sort !== sortOptions[0]) {
    params.sortBy = filters.sort.sortBy;
    params.sortOrder = filters.sort.sortOrder;
  }
  if (filters.search) params.search = filters.search;
  if (filters.category) params.category = filters.category;
  if (filters.compatibility) params.compatibility = filters.compatibility;
  if (filters.minPrice !== undefined) params.minPrice = filters.minPrice;
  if (filters.maxPrice !== undefined) params.maxPrice = filters.maxPrice;
  if (filters.inStock) params.inStock = true;
  if (filters.isNew) params.isNew = true;
  return params;
}

/** The URL values for a sort choice: the default one clears both keys. */
export function sortParams(value: string): Pick<Record<ShopFilterKey, string>, "sortBy" | "sortOrder"> {
  const option = sortOptions.find((candidate) => candidate.value === value);
  if (!option || option === sortOptions[0]) return { sortBy: "", sortOrder: "" };
  return { sortBy: option.sortBy, sortOrder: option.sortOrder };
}
