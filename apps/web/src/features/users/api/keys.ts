import type { UserListFilters } from "./get-users";

/** Every users query key starts with `userKeys.all`, so one invalidation refreshes them all. */
export const userKeys = {
  all: ["users"] as const,
  lists: () => [...userKeys.all, "list"] as const,
  list: (filters: UserListFilters) => [...userKeys.lists(), filters] as const,
};
