import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { ApiError, requestTimeoutMs } from "./api-client";

const baseUrl = import.meta.env.VITE_API_URL ?? "/api";

/** Where POST /upload/multiple files an image (and so its URL prefix). */
export type UploadFolder = "products" | "banners" | "categories" | "blog" | "campaigns";

export type UploadOptions = {
  folder: UploadFolder;
  token: string | null;
  /** 0 to 100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

type UploadEnvelope = { success?: boolean; message?: string; data?: { urls?: unknown } };

function envelopeOf(text: string): UploadEnvelope | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === "object" && body !== null ? (body as UploadEnvelope) : null;
  } catch {
    return null;
  }
}

/**
 * Uploads one image and resolves with its URL. XMLHttpRequest rather than fetch: only it reports
 * upload progress. One request per file, so each file has its own bar and its own failure
 * (a 413 for one large photo does not sink the others).
 */
export function uploadImage(file: File, { folder, token, onProgress, signal }: UploadOptions): Promise<string> {
  const failed = backofficeCopy.uploads.failed;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${baseUrl}/upload/multiple`);
    request.timeout = requestTimeoutMs;
    request.setRequestHeader("Accept", "application/json");
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);

    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      const body = envelopeOf(request.responseText);
      const url = Array.isArray(body?.data?.urls) ? body.data.urls[0] : undefined;
      if (request.status >= 200 && request.status < 300 && body?.success !== false && typeof url === "string") {
        onProgress?.(100);
        resolve(url);
      } else {
        reject(new ApiError(request.status, body?.message || failed));
      }
    });
    request.addEventListener("error", () => reject(new ApiError(0, failed)));
    request.addEventListener("timeout", () => reject(new ApiError(0, failed)));
    request.addEventListener("abort", () => reject(new DOMException("Upload cancelled", "AbortError")));
    signal?.addEventListener("abort", () => request.abort(), { once: true });

    const form = new FormData();
    // The folder first: the server reads the parts in order.
    form.append("folder", folder);
    form.append("images", file, file.name);
    request.send(form);
  });
}
