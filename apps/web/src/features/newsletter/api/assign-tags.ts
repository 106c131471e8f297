import { audienceCopy } from "@shop/shared/audience-copy";
import type { SubscriberFilter } from "@shop/shared/schemas/newsletter";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

/** The people to tag: those picked, or everyone matching the list's filter. */
export type AssignTagsInput = { tagIds: string[] } & ({ subscriberIds: string[] } | { filter: SubscriberFilter });

/** POST /newsletter/assign-bulk-tags; answers how many subscribers were in scope. */
export async function assignTags(input: AssignTagsInput): Promise<{ count: number }> {
  const { data } = await api.post<{ count: number }>("/newsletter/assign-bulk-tags", input, {
    defaultMessage: audienceCopy.assign.failedDefault,
  });
  return data;
}

export function useAssignTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTags,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all }),
  });
}
