import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { campaignKeys } from "./keys";

const t = campaignUiCopy.errors;
const at = (id: string) => `/compose-mail/${encodeURIComponent(id)}`;
const history = (id: string) => `/emailhistory/${encodeURIComponent(id)}`;

/** POST /compose-mail/:id/test: "[Test] subject" to one address; resolves with the server's words. */
export async function sendTest({ id, email }: { id: string; email: string }): Promise<string> {
  const { message } = await api.post<unknown>(`${at(id)}/test`, { email }, { defaultMessage: t.sendEmail });
  return message;
}

/** POST /compose-mail/:id/schedule: the time must be in the future (400 otherwise). */
export async function scheduleCampaign({ id, scheduledAt }: { id: string; scheduledAt: string }) {
  const { data } = await api.post<CampaignDto>(
    `${at(id)}/schedule`,
    { scheduledAt },
    { defaultMessage: t.scheduleMail },
  );
  return data;
}

/** POST /compose-mail/:id/unschedule: back to a draft. */
export async function unscheduleCampaign(id: string) {
  const { data } = await api.post<CampaignDto>(`${at(id)}/unschedule`, undefined, { defaultMessage: t.updateMail });
  return data;
}

/** POST /emailhistory/send-mail: 202, sending has started. */
export async function sendCampaign(id: string) {
  const { data } = await api.post<CampaignDto>(
    "/emailhistory/send-mail",
    { mailId: id },
    { defaultMessage: t.sendEmail },
  );
  return data;
}

export type SendingAction = "pause" | "resume" | "cancel";

/** POST /emailhistory/:id/pause | resume | cancel */
export async function setSendingState({ id, action }: { id: string; action: SendingAction }) {
  const { data } = await api.post<CampaignDto>(`${history(id)}/${action}`, undefined, { defaultMessage: t.sendEmail });
  return data;
}

/**
 * Deletes a campaign: with newsletter:delete-emailhistory through the history (any status but
 * sending); a composer without it may still throw away a draft or scheduled one.
 */
export async function deleteCampaign({ id, asHistory }: { id: string; asHistory: boolean }): Promise<void> {
  await api.delete<unknown>(asHistory ? history(id) : at(id), { defaultMessage: t.deleteMail });
}

/** Every campaign action changes lists, the detail, counts and logs: refresh them all. */
function useCampaignMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export const useSendTest = () => useCampaignMutation(sendTest);
export const useScheduleCampaign = () => useCampaignMutation(scheduleCampaign);
export const useUnscheduleCampaign = () => useCampaignMutation(unscheduleCampaign);
export const useSetSendingState = () => useCampaignMutation(setSendingState);
export const useDeleteCampaign = () => useCampaignMutation(deleteCampaign);

/**
 * Sending ends the draft. Its cached copy is left as it is (a later visit refetches it): refreshing
 * it now would replace the composer that sent it with a "no longer a draft" notice on its way to
 * the report.
 */
export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCampaign,
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: campaignKeys.all,
        predicate: (query) => query.queryKey[1] !== "draft",
      }),
  });
}
