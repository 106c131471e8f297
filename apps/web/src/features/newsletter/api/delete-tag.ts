import { audienceCopy } from "@shop/shared/audience-copy";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

/** DELETE /newsletter-tags/delete-tags/:id: the tag leaves its subscribers; they stay. */
export async function deleteTag(id: string): Promise<void> {
  await api.delete(`/newsletter-tags/delete-tags/${encodeURIComponent(id)}`, {
    defaultMessage: audienceCopy.tags.failedDelete,
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all }),
  });
}
