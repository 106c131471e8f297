import { audienceCopy } from "@shop/shared/audience-copy";
import type { TagDto } from "@shop/shared/schemas/newsletter";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type TagInput, tagBodyOf } from "./create-tag";
import { newsletterKeys } from "./keys";

/** PUT /newsletter-tags/update-tags/:id; a taken name comes back as 409 with `errors.name`. */
export async function updateTag({ id, ...input }: TagInput & { id: string }): Promise<TagDto> {
  const { data } = await api.put<TagDto>(`/newsletter-tags/update-tags/${encodeURIComponent(id)}`, tagBodyOf(input), {
    defaultMessage: audienceCopy.tags.form.failedUpdateDefault,
  });
  return data;
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTag,
    // Subscribers show their tags by name: a rename shows there too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all }),
  });
}
