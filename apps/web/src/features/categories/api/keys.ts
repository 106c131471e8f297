import { productKeys } from "@/features/products/api/product-keys";

/**
 * Categories share the storefront's key (`["categories"]`, GET /categories), so one invalidation
 * refreshes the shop's filters, the admin lists and the subcategory selects together.
 */
export const categoryKeys = {
  all: productKeys.categories(),
  subcategories: (categoryId: string | undefined) =>
    [...categoryKeys.all, "subcategories", categoryId ?? "all"] as const,
};
