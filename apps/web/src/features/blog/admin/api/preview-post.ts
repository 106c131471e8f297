import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminPostKeys } from "./keys";

/** POST /blog/preview {body} → the server's sanitised HTML: the only HTML the editor ever injects. */
export async function previewPost(body: string, signal?: AbortSignal): Promise<string> {
  const { data } = await api.post<{ html: string }>(
    "/blog/preview",
    { body },
    { signal, defaultMessage: backofficeCopy.blog.form.previewFailed },
  );
  return data.html;
}

/** A read, though it is a POST: the same body always renders the same HTML, so it caches by body. */
export function usePostPreview(body: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...queryOptions({
      queryKey: [...adminPostKeys.all, "preview", body] as const,
      queryFn: ({ signal }) => previewPost(body, signal),
    }),
    enabled: enabled && body.trim() !== "",
    gcTime: 60_000,
  });
}
