import { productKeys } from "@/features/products/api/product-keys";
import type { AdminProductFilters } from "./get-admin-products";

/** Under the catalogue's `all`, so a product write refreshes the shop's lists and pages too. */
export const adminProductKeys = {
  all: [...productKeys.all, "admin"] as const,
  lists: () => [...adminProductKeys.all, "list"] as const,
  list: (filters: AdminProductFilters) => [...adminProductKeys.lists(), filters] as const,
  detail: (id: string) => [...adminProductKeys.all, "detail", id] as const,
};
