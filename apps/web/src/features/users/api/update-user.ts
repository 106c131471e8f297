import { copy } from "@shop/shared/copy";
import type { UserDto, UserUpdate } from "@shop/shared/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { roleKeys } from "@/features/roles/api/keys";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

/** PUT /users/update-user/:id with only the fields that changed (spec section 5). */
export async function updateUser({ id, changes }: { id: string; changes: UserUpdate }): Promise<UserDto> {
  const { data } = await api.put<UserDto>(`/users/update-user/${encodeURIComponent(id)}`, changes, {
    defaultMessage: copy.users.failedUpdate,
  });
  return data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
      ]),
  });
}
