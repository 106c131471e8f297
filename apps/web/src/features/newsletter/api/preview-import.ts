import { audienceCopy } from "@shop/shared/audience-copy";
import type { ImportPreview } from "@shop/shared/schemas/newsletter";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** What the server reads of a file for its preview; the rest is never sent for it. */
export const previewHeadBytes = 64 * 1024;

/**
 * POST /csv/import-preview with the file's first 64 KB only: its header, first rows and the columns
 * the server would use, before anything is imported. The whole file goes later, with the import.
 */
export async function previewImport(file: File): Promise<ImportPreview> {
  const form = new FormData();
  form.append("file", new File([file.slice(0, previewHeadBytes)], file.name, { type: file.type }));
  const { data } = await api.post<ImportPreview>("/csv/import-preview", form, {
    defaultMessage: audienceCopy.import.mapping.failedDefault,
  });
  return data;
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
