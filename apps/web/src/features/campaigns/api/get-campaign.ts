import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { CampaignDetail, CampaignDto } from "@shop/shared/schemas/campaigns";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { campaignKeys } from "./keys";

/** While a campaign is sending its page refreshes this often (issue 6: every 3 s). */
export const sendingRefreshMs = 3_000;

export const isInFlight = (status: string | undefined) => status === "sending";

/** GET /compose-mail/:id: a draft to edit. */
export async function getDraft(id: string, signal?: AbortSignal): Promise<CampaignDto> {
  const { data } = await api.get<CampaignDto>(`/compose-mail/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: campaignUiCopy.errors.fetchMail,
  });
  return data;
}

export function useDraft(id: string | null) {
  return useQuery({
    queryKey: campaignKeys.draft(id ?? ""),
    queryFn: ({ signal }) => getDraft(id ?? "", signal),
    enabled: id !== null,
    // A draft opened again must show what the server has now, not what was cached.
    staleTime: 0,
  });
}

/** GET /emailhistory/:id: the campaign as sent, with its delivery counts. */
export async function getCampaignDetail(id: string, signal?: AbortSignal): Promise<CampaignDetail> {
  const { data } = await api.get<CampaignDetail>(`/emailhistory/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: campaignUiCopy.errors.fetchMail,
  });
  return data;
}

export function useCampaignDetail(id: string) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => getCampaignDetail(id, signal),
    staleTime: 0,
    refetchInterval: (query) => (isInFlight(query.state.data?.status) ? sendingRefreshMs : false),
  });
}
