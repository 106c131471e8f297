import { copy } from "@shop/shared/copy";
import type { RoleCreate, RoleDto } from "@shop/shared/schemas/roles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { roleKeys } from "./keys";

/** POST /roles/create-role */
export async function createRole(input: RoleCreate): Promise<RoleDto> {
  const { data } = await api.post<RoleDto>("/roles/create-role", input, { defaultMessage: copy.roles.failedCreate });
  return data;
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}
