import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { AdminPostDto } from "@shop/shared/schemas/blog";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { isNotFound } from "@/features/products/api/get-product";
import { api } from "@/lib/api-client";
import { adminPostKeys } from "./keys";

/** GET /blog/admin/posts/:id — the Markdown body and its rendered HTML. */
export async function getAdminPost(id: string, signal?: AbortSignal): Promise<AdminPostDto> {
  const { data } = await api.get<AdminPostDto>(`/blog/admin/posts/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: backofficeCopy.blog.failedFetch,
  });
  return data;
}

export function adminPostQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminPostKeys.detail(id),
    queryFn: ({ signal }) => getAdminPost(id, signal),
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
    staleTime: 0,
  });
}

export function useAdminPost(id: string) {
  return useQuery(adminPostQueryOptions(id));
}
