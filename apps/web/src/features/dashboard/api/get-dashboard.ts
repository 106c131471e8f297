import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { DashboardData } from "@shop/shared/schemas/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { dashboardKeys } from "./keys";

export async function getDashboard(signal?: AbortSignal): Promise<DashboardData> {
  const { data } = await api.get<DashboardData>("/dashboard", {
    signal,
    defaultMessage: backofficeCopy.dashboard.failed,
  });
  return data;
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    // Figures move all the time; opening the dashboard should show today's.
    staleTime: 0,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
