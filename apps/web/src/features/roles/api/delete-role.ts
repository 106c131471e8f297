import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { roleKeys } from "./keys";

/** DELETE /roles/:id; a role still assigned to users is refused with 409 and the count. */
export async function deleteRole(id: string): Promise<void> {
  await api.delete<unknown>(`/roles/${encodeURIComponent(id)}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: roleKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: roleKeys.lists() });
    },
  });
}
