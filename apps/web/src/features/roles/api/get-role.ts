import type { RoleDto } from "@shop/shared/schemas/roles";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { roleKeys } from "./keys";

/** GET /roles/:id */
export async function getRole(id: string, signal?: AbortSignal): Promise<RoleDto> {
  // A failure without a message of the server's own is not a missing role.
  const { data } = await api.get<RoleDto>(`/roles/${encodeURIComponent(id)}`, { signal });
  return data;
}

export function roleQueryOptions(id: string) {
  return queryOptions({ queryKey: roleKeys.detail(id), queryFn: ({ signal }) => getRole(id, signal) });
}

export function useRole(id: string) {
  return useQuery(roleQueryOptions(id));
}
