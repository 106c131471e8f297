import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { AdminPostList, PostStatus } from "@shop/shared/schemas/blog";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminPostKeys } from "./keys";

export type AdminPostFilters = { page: number; limit: number; search?: string; status?: PostStatus };

/** GET /blog/admin/posts — drafts too, most recently updated first. */
export async function getAdminPosts(filters: AdminPostFilters, signal?: AbortSignal): Promise<AdminPostList> {
  const { data } = await api.get<AdminPostList>("/blog/admin/posts", {
    query: filters,
    signal,
    defaultMessage: backofficeCopy.blog.failedFetch,
  });
  return data;
}

export function adminPostsQueryOptions(filters: AdminPostFilters) {
  return queryOptions({
    queryKey: adminPostKeys.list(filters),
    queryFn: ({ signal }) => getAdminPosts(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPosts(filters: AdminPostFilters) {
  return useQuery(adminPostsQueryOptions(filters));
}
