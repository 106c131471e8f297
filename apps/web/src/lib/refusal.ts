import { ApiError } from "./api-client";

/**
 * Whether a failure is the server's refusal of what was asked (a 4xx: 404 not found, 400 invalid…). No
 * answer (offline, timed out, cancelled), a time-out or rate limit (408, 429) and the server's own
 * failure (5xx) are not: they say nothing of the record or file, and asking again may go through.
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
}
