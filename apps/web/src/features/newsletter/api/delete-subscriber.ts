import { audienceCopy } from "@shop/shared/audience-copy";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

/** DELETE /newsletter/delete-subscriber/:id */
export async function deleteSubscriber(id: string): Promise<void> {
  await api.delete(`/newsletter/delete-subscriber/${encodeURIComponent(id)}`, {
    defaultMessage: audienceCopy.subscribers.failedDelete,
  });
}

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all }),
  });
}
