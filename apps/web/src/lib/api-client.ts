import { copy } from "@shop/shared/copy";
import type { ApiEnvelope } from "@shop/shared/schemas/common";
import { uiCopy } from "@shop/shared/ui-copy";

/** Spec section 7: every call gives up after 60 seconds. */
export const requestTimeoutMs = 60_000;

let baseUrl: string = import.meta.env.VITE_API_URL ?? "/api";
let send: typeof fetch = (input, init) => fetch(input, init);

/**
 * Where calls go and how. The browser uses fetch against /api; the server, rendering a page, hands its
 * own in-process transport here so the page reads the very routes (and caches) a browser would.
 */
export function configureApiTransport(next: { baseUrl: string; fetch: typeof fetch }): void {
  baseUrl = next.baseUrl;
  send = next.fetch;
}

export type FieldErrors = Record<string, string>;

/** A failed call: the HTTP status (0 when the server was never reached), the words to show, and field errors. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly fieldErrors: FieldErrors;

  constructor(status: number, message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export type ApiResponse<T> = { data: T; message: string };

export type ApiResult<T> =
  | { success: true; data: T; message: string }
  | { success: false; message: string; status: number; errors: FieldErrors };

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Shown when the server gives no message of its own (spec section 8 defaults). */
  defaultMessage?: string;
  /**
   * A 401 here is an answer, not an expired session: the sign-in call (bad credentials),
   * the session check and sign-out handle it themselves.
   */
  skipSessionExpiry?: boolean;
};

type ApiClientHooks = {
  getToken: () => string | null;
  onUnauthorized: () => void;
};

let hooks: ApiClientHooks = { getToken: () => null, onUnauthorized: () => undefined };

/** The app wires the client to its store and router once at start-up (and tests to theirs). */
export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

function urlOf(path: string, query: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ""}`;
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === "object" && value !== null && "success" in value;
}

async function readEnvelope(response: Response): Promise<ApiEnvelope<unknown> | null> {
  try {
    const body: unknown = await response.json();
    return isEnvelope(body) ? body : null;
  } catch {
    return null;
  }
}

function failureOf(error: unknown, defaultMessage: string): ApiError {
  if (error instanceof DOMException && error.name === "TimeoutError") return new ApiError(0, uiCopy.requestTimedOut);
  if (error instanceof TypeError) return new ApiError(0, uiCopy.networkError);
  return new ApiError(0, defaultMessage);
}

/** One HTTP call: JSON in and out, bearer token, 60 s time-out, envelope unwrapped, 401 handled. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = "GET", body, query, signal, skipSessionExpiry = false } = options;
  const defaultMessage = options.defaultMessage ?? copy.somethingWentWrong;
  const headers = new Headers({ Accept: "application/json" });
  const token = hooks.getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }

  const timeout = AbortSignal.timeout(requestTimeoutMs);
  let response: Response;
  try {
    response = await send(urlOf(path, query), {
      method,
      headers,
      body: payload,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // A caller that cancelled (a query unmounting) wants its own abort back, not a message.
    if (signal?.aborted) throw error;
    throw failureOf(error, defaultMessage);
  }

  const envelope = await readEnvelope(response);
  if (response.status === 401 && !skipSessionExpiry) hooks.onUnauthorized();
  if (!response.ok || !envelope || envelope.success === false) {
    throw new ApiError(response.status, envelope?.message || defaultMessage, envelope?.errors ?? {});
  }
  return { data: envelope.data as T, message: envelope.message };
}

type MethodOptions = Omit<RequestOptions, "method" | "body">;

export const api = {
  get: <T>(path: string, options?: MethodOptions) => apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: MethodOptions) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: MethodOptions) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  delete: <T>(path: string, options?: MethodOptions) => apiRequest<T>(path, { ...options, method: "DELETE" }),
};

/**
 * Spec section 7: wrappers turn failures into `success: false` with the server message or a default,
 * for callers that would rather branch than catch.
 */
export async function toResult<T>(call: Promise<ApiResponse<T>>, defaultMessage?: string): Promise<ApiResult<T>> {
  try {
    const { data, message } = await call;
    return { success: true, data, message };
  } catch (error) {
    if (error instanceof ApiError) {
      return { success: false, message: error.message, status: error.status, errors: error.fieldErrors };
    }
    return { success: false, message: defaultMessage ?? copy.somethingWentWrong, status: 0, errors: {} };
  }
}

/** The words to show for any thrown value. */
export function messageOf(error: unknown, fallback: string = copy.somethingWentWrong): string {
  return error instanceof ApiError ? error.message : fallback;
}
