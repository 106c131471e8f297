import type { SessionUser } from "@/app/store/session-actions";
import { api } from "@/lib/api-client";

/** GET /users/get-user?token=…: the session check; a failure is handled by the guard, silently. */
export function getSessionUser(token: string, signal?: AbortSignal) {
  return api.get<SessionUser>("/users/get-user", { query: { token }, signal, skipSessionExpiry: true });
}

/** POST /users/logout: best effort, the client forgets the session whatever the answer. */
export function logout() {
  return api.post<unknown>("/users/logout", undefined, { skipSessionExpiry: true });
}
