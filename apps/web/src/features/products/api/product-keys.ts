import type { ProductListParams } from "./get-products";

/** Query keys of the catalogue: a product write elsewhere invalidates everything under `all`. */
export const productKeys = {
  all: ["products"] as const,
  lists: () => [...productKeys.all, "list"] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  detail: (idOrSlug: string) => [...productKeys.all, "detail", idOrSlug] as const,
  categories: () => ["categories"] as const,
};
