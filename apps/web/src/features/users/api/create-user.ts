import { copy } from "@shop/shared/copy";
import type { UserCreate, UserDto } from "@shop/shared/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { roleKeys } from "@/features/roles/api/keys";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

/** POST /users; a taken email comes back as 409 with `errors.email`. */
export async function createUser(input: UserCreate): Promise<UserDto> {
  const { data } = await api.post<UserDto>("/users", input, { defaultMessage: copy.users.failedCreate });
  return data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // Roles show how many users hold them.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
      ]),
  });
}
