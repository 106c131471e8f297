import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { CampaignCreate, CampaignDto } from "@shop/shared/schemas/campaigns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { campaignKeys } from "./keys";

/** POST /compose-mail: a new draft (201). */
export async function createCampaign(input: CampaignCreate): Promise<CampaignDto> {
  const { data } = await api.post<CampaignDto>("/compose-mail", input, {
    defaultMessage: campaignUiCopy.errors.createMail,
  });
  return data;
}

/** PUT /compose-mail/:id: drafts and scheduled campaigns only (409 otherwise). */
export async function updateCampaign({ id, changes }: { id: string; changes: CampaignCreate }): Promise<CampaignDto> {
  const { data } = await api.put<CampaignDto>(`/compose-mail/${encodeURIComponent(id)}`, changes, {
    defaultMessage: campaignUiCopy.errors.updateMail,
  });
  return data;
}

/** Creates the draft the first time, updates it after; the cache learns the saved campaign. */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: CampaignCreate }) =>
      id ? updateCampaign({ id, changes: values }) : createCampaign(values),
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignKeys.draft(campaign._id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
