import { copy } from "@shop/shared/copy";
import type { RoleDto } from "@shop/shared/schemas/roles";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { roleKeys } from "./keys";

/** GET /roles/:id */
export async function getRole(id: string, signal?: AbortSignal): Promise<RoleDto> {
  const { data } = await api.get<RoleDto>(`/roles/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: copy.roles.notFound,
  });
  return data;
}

export function roleQueryOptions(id: string) {
  return queryOptions({ queryKey: roleKeys.detail(id), queryFn: ({ signal }) => getRole(id, signal) });
}

export function useRole(id: string) {
  return useQuery(roleQueryOptions(id));
}
