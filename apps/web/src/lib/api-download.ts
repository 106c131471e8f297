import { copy } from "@shop/shared/copy";
import { ApiError, requestTimeoutMs } from "./api-client";

const baseUrl = import.meta.env.VITE_API_URL ?? "/api";

type DownloadOptions = {
  query?: Record<string, string | number | undefined>;
  token: string | null;
  defaultMessage?: string;
};

/** The file name a `Content-Disposition: attachment; filename="…"` header offers, if any. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ""));
    } catch {
      // fall back to the plain filename
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("message" in body)) return undefined;
  return typeof body.message === "string" && body.message ? body.message : undefined;
}

/**
 * GET a file (a CSV export) rather than a JSON envelope. The API client only speaks JSON, so this
 * makes the same call — bearer token, 60 s time-out — and leaves a 401 (ApiError status 401) to
 * the caller, which expires the session the way the client does.
 */
export async function fetchFile(
  path: string,
  { query = {}, token, defaultMessage = copy.somethingWentWrong }: DownloadOptions,
): Promise<{ blob: Blob; filename: string | null }> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.append(key, String(value));
  }
  const search = params.toString();
  const headers = new Headers({ Accept: "text/csv, application/json" });
  if (token) headers.set("Authorization", `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}${search ? `?${search}` : ""}`, {
      headers,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch {
    throw new ApiError(0, defaultMessage);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, messageOf(body) ?? defaultMessage);
  }
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get("content-disposition")),
  };
}
