import type { SessionDto } from "@shop/shared/schemas/account";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { activityLogKeys } from "@/features/activity-logs/api/keys";
import { api } from "@/lib/api-client";

export const sessionKeys = { mine: ["sessions"] as const };

/** GET /users/sessions: the caller's live sessions, the current one marked. */
export function useSessions() {
  return useQuery({
    queryKey: sessionKeys.mine,
    queryFn: async ({ signal }) => (await api.get<SessionDto[]>("/users/sessions", { signal })).data,
  });
}

function useSessionMutation<Input>(mutationFn: (input: Input) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
        queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      ]),
  });
}

/** DELETE /users/sessions/:id: that session is signed out at its next request. Resolves to the message. */
export function useSignOutSession() {
  return useSessionMutation(
    async (id: string) => (await api.delete<unknown>(`/users/sessions/${encodeURIComponent(id)}`)).message,
  );
}

/** POST /users/sessions/sign-out-others: every session but this one. Resolves to the message. */
export function useSignOutOtherSessions() {
  return useSessionMutation<undefined>(
    async () => (await api.post<unknown>("/users/sessions/sign-out-others")).message,
  );
}
