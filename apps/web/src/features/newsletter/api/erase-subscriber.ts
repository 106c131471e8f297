import { audienceCopy } from "@shop/shared/audience-copy";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

/** DELETE /newsletter/subscribers/:id/erase: GDPR erasure, leaving only an anonymous count. */
export async function eraseSubscriber(id: string): Promise<void> {
  await api.delete(`/newsletter/subscribers/${encodeURIComponent(id)}/erase`, {
    defaultMessage: audienceCopy.quickView.failedErase,
  });
}

export function useEraseSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseSubscriber,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: newsletterKeys.subscriber(id) });
      return queryClient.invalidateQueries({ queryKey: newsletterKeys.all });
    },
  });
}
