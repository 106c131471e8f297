import type { ActivityLogDto, ActivityStatus } from "@shop/shared/schemas/activity-logs";
import type { Pagination } from "@shop/shared/schemas/common";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { activityLogKeys } from "./keys";

export type ActivityLogFilters = {
  page: number;
  limit: number;
  module?: string;
  status?: ActivityStatus;
  userId?: string;
  /** YYYY-MM-DD, whole days. */
  from?: string;
  to?: string;
  search?: string;
};

export type ActivityLogList = {
  logs: ActivityLogDto[];
  pagination: Pagination & { totalLogs: number; logsPerPage: number };
};

/** GET /activity-logs */
export async function getActivityLogs(filters: ActivityLogFilters, signal?: AbortSignal): Promise<ActivityLogList> {
  const { data } = await api.get<ActivityLogList>("/activity-logs", { query: filters, signal });
  return data;
}

export function activityLogsQueryOptions(filters: ActivityLogFilters) {
  return queryOptions({
    queryKey: activityLogKeys.list(filters),
    queryFn: ({ signal }) => getActivityLogs(filters, signal),
    placeholderData: keepPreviousData,
    // Every change anywhere adds entries: an audit trail opened should be the current one.
    staleTime: 0,
  });
}

export function useActivityLogs(filters: ActivityLogFilters) {
  return useQuery(activityLogsQueryOptions(filters));
}
