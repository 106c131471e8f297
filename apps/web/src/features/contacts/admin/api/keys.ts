import type { ContactFilters, ContactListFilters } from "./get-contacts";

/** Every contacts query key starts with `contactKeys.all`: a status change refreshes lists, counts and details. */
export const contactKeys = {
  all: ["contacts"] as const,
  lists: () => [...contactKeys.all, "list"] as const,
  list: (filters: ContactListFilters) => [...contactKeys.lists(), filters] as const,
  counts: (filters: ContactFilters) => [...contactKeys.all, "counts", filters] as const,
  detail: (id: string) => [...contactKeys.all, "detail", id] as const,
  assignees: () => [...contactKeys.all, "assignees"] as const,
};
