import type { BlogPostSummary } from "@shop/shared/schemas/blog";
import { uiCopy } from "@shop/shared/ui-copy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { blogKeys } from "./blog-keys";

/** GET /blog/posts: the spec expects an array; anything else is a failure, not an empty blog. */
export async function getBlogPosts(signal?: AbortSignal): Promise<BlogPostSummary[]> {
  const message = uiCopy.storefront.errors.blogPosts;
  const { data } = await api.get<BlogPostSummary[]>("/blog/posts", { signal, defaultMessage: message });
  if (!Array.isArray(data)) throw new ApiError(200, message);
  return data;
}

export function blogPostsQueryOptions() {
  return queryOptions({ queryKey: blogKeys.list(), queryFn: ({ signal }) => getBlogPosts(signal) });
}

export function useBlogPosts() {
  return useQuery(blogPostsQueryOptions());
}
