import { api } from "@/lib/api-client";

/**
 * POST /csv/import-jobs: the server makes the job and answers with its id, which the upload then
 * names and the progress polling follows. Only the one who opened a job can upload to it or see it.
 */
export async function openImportJob(): Promise<string> {
  const { data } = await api.post<{ jobId: string }>("/csv/import-jobs");
  return data.jobId;
}
