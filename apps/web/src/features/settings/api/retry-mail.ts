import { mailDeliveryCopy } from "@shop/shared/schemas/mail-delivery";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { activityLogKeys } from "@/features/activity-logs/api/keys";
import { api } from "@/lib/api-client";
import { settingsKeys } from "./keys";

/** POST /mail-delivery/:id/retry: a failed mail goes back in the outbox (logged). */
export async function retryMail(id: string): Promise<void> {
  await api.post(`/mail-delivery/${encodeURIComponent(id)}/retry`, undefined, {
    defaultMessage: mailDeliveryCopy.page.failedRetry,
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.mailDelivery() }),
        queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      ]),
  });
}
