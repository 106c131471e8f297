import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { CampaignDto, CampaignStatus } from "@shop/shared/schemas/campaigns";
import type { Pagination } from "@shop/shared/schemas/common";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { campaignKeys } from "./keys";

export type CampaignListFilters = {
  page: number;
  limit: number;
  /** Free text on the subject. */
  search?: string;
  status?: CampaignStatus;
};

export type CampaignList = {
  campaigns: CampaignDto[];
  pagination: Pagination & { totalCampaigns: number; campaignsPerPage: number };
};

/** GET /emailhistory/getall-emailhistory: newest first (the API's only order). */
export async function getCampaigns(
  filters: CampaignListFilters,
  {
    signal,
    defaultMessage = campaignUiCopy.errors.fetchHistory,
  }: { signal?: AbortSignal; defaultMessage?: string } = {},
): Promise<CampaignList> {
  const { data } = await api.get<CampaignList>("/emailhistory/getall-emailhistory", {
    query: filters,
    signal,
    defaultMessage,
  });
  return data;
}

export function campaignsQueryOptions(filters: CampaignListFilters, defaultMessage?: string) {
  return queryOptions({
    queryKey: campaignKeys.list(filters),
    queryFn: ({ signal }) => getCampaigns(filters, { signal, defaultMessage }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaigns(filters: CampaignListFilters, defaultMessage?: string) {
  return useQuery(campaignsQueryOptions(filters, defaultMessage));
}
