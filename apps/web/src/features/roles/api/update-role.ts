import { copy } from "@shop/shared/copy";
import type { RoleDto, RoleUpdate } from "@shop/shared/schemas/roles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userKeys } from "@/features/users/api/keys";
import { api } from "@/lib/api-client";
import { roleKeys } from "./keys";

/** PUT /roles/update-role/:id with only what changed. */
export async function updateRole({ id, changes }: { id: string; changes: RoleUpdate }): Promise<RoleDto> {
  const { data } = await api.put<RoleDto>(`/roles/update-role/${encodeURIComponent(id)}`, changes, {
    defaultMessage: copy.roles.failedUpdate,
  });
  return data;
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: (role) => {
      queryClient.setQueryData(roleKeys.detail(role._id), role);
      // Users carry their role's name and permissions.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}
