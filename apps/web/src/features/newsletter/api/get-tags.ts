import { audienceCopy } from "@shop/shared/audience-copy";
import type { TagDto } from "@shop/shared/schemas/newsletter";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, messageOf } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

/** GET /newsletter-tags/get-all-tags: every tag (matching `search` by name or slug), with its subscriber count. */
export async function getTags(search: string, signal?: AbortSignal): Promise<TagDto[]> {
  const { data } = await api.get<TagDto[]>("/newsletter-tags/get-all-tags", {
    query: { search },
    signal,
    defaultMessage: audienceCopy.tags.failedFetch,
  });
  return data;
}

export function tagsQueryOptions(search = "") {
  return queryOptions({
    queryKey: newsletterKeys.tagList(search),
    queryFn: ({ signal }) => getTags(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTags(search = "", { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tagsQueryOptions(search), enabled });
}

/** "Failed to load tags" (spec section 8), with the server's reason when it gave one. */
export function failedToLoadTags(error: unknown): string {
  const { failedFetch, failedLoad } = audienceCopy.tags;
  const reason = messageOf(error, failedFetch);
  return reason === failedFetch ? failedLoad : `${failedLoad}: ${reason}`;
}
