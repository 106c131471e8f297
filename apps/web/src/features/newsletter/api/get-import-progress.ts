import type { ImportProgress } from "@shop/shared/schemas/newsletter";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

/** How often a running import is asked about. */
export const importPollMs = 500;

/** GET /csv/import-progress/:jobId: a 404 until the server has the whole file and starts the job. */
export async function getImportProgress(jobId: string, signal?: AbortSignal): Promise<ImportProgress> {
  const { data } = await api.get<ImportProgress>(`/csv/import-progress/${encodeURIComponent(jobId)}`, { signal });
  return data;
}

/** Polls the job every 500 ms while `active`; a miss (not started yet) just waits for the next poll. */
export function useImportProgress(jobId: string, active: boolean) {
  return useQuery({
    queryKey: newsletterKeys.importProgress(jobId),
    queryFn: ({ signal }) => getImportProgress(jobId, signal),
    enabled: active,
    refetchInterval: importPollMs,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
