import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { AdminPostDto, PostCreate, PostUpdate } from "@shop/shared/schemas/blog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { blogKeys } from "@/features/blog/api/blog-keys";
import { api } from "@/lib/api-client";

/** POST /blog/posts — a taken slug is a 409 "A post with this slug already exists" on `slug`. */
export async function createPost(input: PostCreate): Promise<AdminPostDto> {
  const { data } = await api.post<AdminPostDto>("/blog/posts", input, {
    defaultMessage: backofficeCopy.blog.failedCreate,
  });
  return data;
}

/** PUT /blog/posts/:id — changed fields; a status alone publishes or unpublishes. */
export async function updatePost({ id, changes }: { id: string; changes: PostUpdate }): Promise<AdminPostDto> {
  const { data } = await api.put<AdminPostDto>(`/blog/posts/${encodeURIComponent(id)}`, changes, {
    defaultMessage: backofficeCopy.blog.failedUpdate,
  });
  return data;
}

/** DELETE /blog/posts/:id */
export async function deletePost(id: string): Promise<void> {
  await api.delete<unknown>(`/blog/posts/${encodeURIComponent(id)}`, {
    defaultMessage: backofficeCopy.blog.failedDelete,
  });
}

function usePostMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }) });
}

export const useCreatePost = () => usePostMutation(createPost);
export const useUpdatePost = () => usePostMutation(updatePost);
export const useDeletePost = () => usePostMutation(deletePost);
