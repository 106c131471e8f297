import type { RoleListFilters } from "./get-roles";

/** Every roles query key starts with `roleKeys.all`, so one invalidation refreshes them all. */
export const roleKeys = {
  all: ["roles"] as const,
  lists: () => [...roleKeys.all, "list"] as const,
  list: (filters: RoleListFilters) => [...roleKeys.lists(), filters] as const,
  detail: (id: string) => [...roleKeys.all, "detail", id] as const,
  permissions: () => ["permissions"] as const,
};
