import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { CampaignLogDto } from "@shop/shared/schemas/campaigns";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { sendingRefreshMs } from "./get-campaign";
import { campaignKeys } from "./keys";

/** GET /emailhistory/:id/logs: oldest first. */
export async function getCampaignLogs(id: string, signal?: AbortSignal): Promise<CampaignLogDto[]> {
  const { data } = await api.get<CampaignLogDto[]>(`/emailhistory/${encodeURIComponent(id)}/logs`, {
    signal,
    defaultMessage: campaignUiCopy.errors.fetchLogs,
  });
  return data;
}

export function useCampaignLogs(id: string, { live }: { live: boolean }) {
  return useQuery({
    queryKey: campaignKeys.logs(id),
    queryFn: ({ signal }) => getCampaignLogs(id, signal),
    staleTime: 0,
    refetchInterval: live ? sendingRefreshMs : false,
  });
}
