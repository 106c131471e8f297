import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { RecipientList, RecipientStatus } from "@shop/shared/schemas/campaigns";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { sendingRefreshMs } from "./get-campaign";
import { campaignKeys } from "./keys";

export type RecipientListFilters = { page: number; limit: number; search?: string; status?: RecipientStatus };

/** GET /emailhistory/:id/recipients */
export async function getRecipients(
  id: string,
  filters: RecipientListFilters,
  signal?: AbortSignal,
): Promise<RecipientList> {
  const { data } = await api.get<RecipientList>(`/emailhistory/${encodeURIComponent(id)}/recipients`, {
    query: filters,
    signal,
    defaultMessage: campaignUiCopy.errors.fetchRecipients,
  });
  return data;
}

export function useRecipients(id: string, filters: RecipientListFilters, { live }: { live: boolean }) {
  return useQuery({
    queryKey: campaignKeys.recipients(id, filters),
    queryFn: ({ signal }) => getRecipients(id, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: live ? sendingRefreshMs : false,
  });
}
