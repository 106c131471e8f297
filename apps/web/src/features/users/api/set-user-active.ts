import { copy } from "@shop/shared/copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

/** PUT /users/:id {isActive}: deactivating signs the user out everywhere at once. */
export async function setUserActive({ id, isActive }: { id: string; isActive: boolean }): Promise<UserDto> {
  const { data } = await api.put<UserDto>(
    `/users/${encodeURIComponent(id)}`,
    { isActive },
    { defaultMessage: copy.users.failedUpdateStatus },
  );
  return data;
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
