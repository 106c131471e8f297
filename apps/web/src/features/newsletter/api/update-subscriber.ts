import { audienceCopy } from "@shop/shared/audience-copy";
import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

export type SubscriberChanges = { id: string; email: string; tags: string[] };

/** PUT /newsletter/update-subscriber/:id: the email, trimmed (spec section 5), and the whole tag set. */
export async function updateSubscriber({ id, email, tags }: SubscriberChanges): Promise<SubscriberDto> {
  const { data } = await api.put<SubscriberDto>(
    `/newsletter/update-subscriber/${encodeURIComponent(id)}`,
    { email: email.trim(), tags },
    { defaultMessage: audienceCopy.edit.failedDefault },
  );
  return data;
}

export function useUpdateSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscriber,
    // Tag counts move with the subscriber's tags.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all }),
  });
}
