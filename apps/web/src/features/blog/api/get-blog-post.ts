import type { BlogPostDto } from "@shop/shared/schemas/blog";
import { uiCopy } from "@shop/shared/ui-copy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { blogKeys } from "./blog-keys";

export async function getBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPostDto> {
  const { data } = await api.get<BlogPostDto>(`/blog/posts/${encodeURIComponent(slug)}`, {
    signal,
    defaultMessage: uiCopy.storefront.errors.blogPost,
  });
  return data;
}

export function blogPostQueryOptions(slug: string) {
  return queryOptions({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) => getBlogPost(slug, signal),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
  });
}

/** GET /blog/posts/:slug — the post with its server-sanitised HTML; 404 "Post not found". */
export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(slug));
}
