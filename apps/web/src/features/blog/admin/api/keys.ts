import { blogKeys } from "@/features/blog/api/blog-keys";
import type { AdminPostFilters } from "./get-admin-posts";

/** Under the storefront blog's key, so publishing refreshes the public list in this tab too. */
export const adminPostKeys = {
  all: [...blogKeys.all, "admin"] as const,
  lists: () => [...adminPostKeys.all, "list"] as const,
  list: (filters: AdminPostFilters) => [...adminPostKeys.lists(), filters] as const,
  detail: (id: string) => [...adminPostKeys.all, "detail", id] as const,
};
