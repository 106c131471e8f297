import { audienceCopy } from "@shop/shared/audience-copy";
import type { ApiEnvelope } from "@shop/shared/schemas/common";
import {
  type ImportMapping,
  type ImportProgress,
  type ImportResult,
  newsletterCopy,
} from "@shop/shared/schemas/newsletter";
import { uiCopy } from "@shop/shared/ui-copy";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, requestTimeoutMs } from "@/lib/api-client";
import { getImportProgress, importPollMs } from "./get-import-progress";
import { newsletterKeys } from "./keys";
import { openImportJob } from "./open-import-job";
import { useSessionForRawCalls } from "./session";

const baseUrl = import.meta.env.VITE_API_URL ?? "/api";
const failedDefault = audienceCopy.import.failedDefault;

export type ImportInput = {
  file: File;
  tagIds: readonly string[];
  /** The columns staff checked in the preview; without it the server goes by the header names. */
  mapping?: ImportMapping | undefined;
  /** The job the server opened for this upload, so its progress can be asked for while the upload's answer is pending. */
  onJobOpened?: (jobId: string) => void;
  /** The share of the file sent so far, 0 to 1. */
  onUploadProgress?: (sent: number) => void;
};

function envelopeOf(text: string): ApiEnvelope<ImportResult> | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === "object" && body !== null && "success" in body ? (body as ApiEnvelope<ImportResult>) : null;
  } catch {
    return null;
  }
}

/**
 * POST /csv/import-csv?jobId=… as multipart (`file`, repeated `tagIds`, and the `mapping` as JSON). XMLHttpRequest rather
 * than fetch, for upload progress. The 60 s time-out starts once the file is sent: how long a
 * 50 MB upload takes is the connection's business.
 */
export function uploadSubscribersCsv(
  { file, tagIds, mapping, onUploadProgress }: ImportInput,
  jobId: string,
  token: string | null,
): Promise<{ data: ImportResult; message: string }> {
  const form = new FormData();
  if (mapping) form.append("mapping", JSON.stringify(mapping));
  form.append("file", file);
  for (const tagId of tagIds) form.append("tagIds", tagId);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: number | undefined;
    const settle = () => window.clearTimeout(timer);
    xhr.open("POST", `${baseUrl}/csv/import-csv?jobId=${encodeURIComponent(jobId)}`);
    xhr.setRequestHeader("Accept", "application/json");
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    });
    xhr.upload.addEventListener("load", () => {
      onUploadProgress?.(1);
      timer = window.setTimeout(() => {
        xhr.abort();
        reject(new ApiError(0, uiCopy.requestTimedOut));
      }, requestTimeoutMs);
    });
    xhr.addEventListener("load", () => {
      settle();
      const envelope = envelopeOf(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.success && envelope.data) {
        resolve({ data: envelope.data, message: envelope.message });
      } else {
        reject(new ApiError(xhr.status, envelope?.message || failedDefault, envelope?.errors ?? {}));
      }
    });
    xhr.addEventListener("error", () => {
      settle();
      reject(new ApiError(0, uiCopy.networkError));
    });
    xhr.send(form);
  });
}

/**
 * No answer, or a gateway's or the server's failure: says nothing of what became of the import. A
 * 1M-row import outlasts the 60 s wait (and many proxies' hold on a quiet connection) while the server
 * goes on; taken as the import's failure, it told staff it failed when it finished.
 */
function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 408 || error.status >= 500);
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * What became of a job whose upload's answer was lost, asked of its progress until it ends. The server
 * marks a job whose process died as failed, so this ends; asking without an answer for as long as a
 * request may take gives up with the upload's own failure.
 */
async function outcomeOfJob(jobId: string, lost: unknown): Promise<{ data: ImportResult; message: string }> {
  let giveUpAt = Date.now() + requestTimeoutMs;
  for (;;) {
    await wait(importPollMs);
    let progress: ImportProgress;
    try {
      progress = await getImportProgress(jobId);
    } catch (error) {
      // No job (a refused upload is discarded) or a refusal: nothing was imported.
      if (!isUnanswered(error) || Date.now() > giveUpAt) throw lost;
      continue;
    }
    giveUpAt = Date.now() + requestTimeoutMs;
    if (progress.status === "finished") {
      return { data: progress, message: newsletterCopy.imported(progress.importedCount) };
    }
    if (progress.status === "failed") throw new ApiError(200, failedDefault);
  }
}

export function useImportSubscribers() {
  const session = useSessionForRawCalls();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ImportInput) => {
      const jobId = await openImportJob();
      input.onJobOpened?.(jobId);
      let wholeFileSent = false;
      const onUploadProgress = (sent: number) => {
        if (sent >= 1) wholeFileSent = true;
        input.onUploadProgress?.(sent);
      };
      try {
        return await uploadSubscribersCsv({ ...input, onUploadProgress }, jobId, session.token());
      } catch (error) {
        session.expireOn401(error);
        // With the whole file there, the job runs on at the server whatever became of this connection.
        if (wholeFileSent && isUnanswered(error)) return outcomeOfJob(jobId, error);
        throw error;
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: newsletterKeys.subscribers() }),
        queryClient.invalidateQueries({ queryKey: newsletterKeys.tags() }),
      ]),
  });
}
