import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import type { ContactCounts } from "@shop/shared/schemas/contacts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { dashboardKeys } from "./keys";

export type SubscriberGrowthPoint = { date: string; new: number; total: number };

/** GET /dashboard: each block is there only when the viewer may see it. */
export type DashboardData = {
  products?: { active: number; inactive: number; outOfStock: number };
  /** `overdue`: not actioned past the promised 24 hours. */
  contacts?: { byStatus: ContactCounts; newThisWeek: number; overdue: number };
  subscribers?: { subscribed: number; total: number; growth: SubscriberGrowthPoint[] };
  /** Sent campaigns and their average open rate (0 to 1), once campaigns exist. */
  campaigns?: { sent: number; averageOpenRate: number };
  /** The latest entries, newest first. */
  activity?: ActivityLogDto[];
};

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
