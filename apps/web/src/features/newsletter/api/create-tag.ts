import { audienceCopy } from "@shop/shared/audience-copy";
import type { TagDto } from "@shop/shared/schemas/newsletter";
import { slugify } from "@shop/shared/slugify";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

export type TagInput = { name: string; description: string };

/** What creating and editing send: the slug follows the name by the shared rule (spec section 5). */
export function tagBodyOf({ name, description }: TagInput) {
  const trimmed = name.trim();
  return { name: trimmed, slug: slugify(trimmed), description: description.trim() };
}

/** POST /newsletter-tags/tags; a taken name comes back as 409 with `errors.name`. */
export async function createTag(input: TagInput): Promise<TagDto> {
  const { data } = await api.post<TagDto>("/newsletter-tags/tags", tagBodyOf(input), {
    defaultMessage: audienceCopy.tags.form.failedCreateDefault,
  });
  return data;
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.tags() }),
  });
}
