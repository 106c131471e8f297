import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { ActivityLogList } from "./get-activity-logs";
import { activityLogKeys } from "./keys";

export type OwnActivityFilters = { page: number; limit: number };

/** GET /users/me/activity: the signed-in user's own entries, for anyone signed in. */
export async function getOwnActivity(filters: OwnActivityFilters, signal?: AbortSignal): Promise<ActivityLogList> {
  const { data } = await api.get<ActivityLogList>("/users/me/activity", { query: filters, signal });
  return data;
}

export function ownActivityQueryOptions(filters: OwnActivityFilters) {
  return queryOptions({
    queryKey: activityLogKeys.own(filters),
    queryFn: ({ signal }) => getOwnActivity(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOwnActivity(filters: OwnActivityFilters) {
  return useQuery(ownActivityQueryOptions(filters));
}
