import { adminCopy } from "@shop/shared/admin-copy";
import type { PasswordChange } from "@shop/shared/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { activityLogKeys } from "@/features/activity-logs/api/keys";
import { api } from "@/lib/api-client";
import { sessionKeys } from "./sessions-api";

/** PUT /users/change-password: every other session of the user is signed out; this one stays. */
export async function changePassword(input: PasswordChange): Promise<void> {
  await api.put<unknown>("/users/change-password", input, { defaultMessage: adminCopy.profile.failedPassword });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
        queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      ]),
  });
}
