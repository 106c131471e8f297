import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { FunnelDto, Growth } from "@shop/shared/schemas/campaigns";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { campaignKeys } from "./keys";

/** GET /emailhistory/stats/funnel; no campaign id means All Campaigns. */
export async function getFunnel(campaignId: string | null, signal?: AbortSignal): Promise<FunnelDto> {
  const { data } = await api.get<FunnelDto>("/emailhistory/stats/funnel", {
    query: { campaignId },
    signal,
    defaultMessage: campaignUiCopy.errors.fetchStatistics,
  });
  return data;
}

export function useFunnel(campaignId: string | null) {
  return useQuery({
    queryKey: campaignKeys.funnel(campaignId),
    queryFn: ({ signal }) => getFunnel(campaignId, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /emailhistory/stats/growth?days= */
export async function getGrowth(days: number, signal?: AbortSignal): Promise<Growth> {
  const { data } = await api.get<Growth>("/emailhistory/stats/growth", {
    query: { days },
    signal,
    defaultMessage: campaignUiCopy.errors.fetchStatistics,
  });
  return data;
}

export function useGrowth(days: number) {
  return useQuery({
    queryKey: campaignKeys.growth(days),
    queryFn: ({ signal }) => getGrowth(days, signal),
    staleTime: 60_000,
  });
}
