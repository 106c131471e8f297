import { copy } from "@shop/shared/copy";
import type { PermissionDto } from "@shop/shared/schemas/roles";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { roleKeys } from "./keys";

/** GET /permissions/get-all-permissions: the catalogue the server enforces. */
export async function getPermissions(signal?: AbortSignal): Promise<PermissionDto[]> {
  const { data } = await api.get<PermissionDto[]>("/permissions/get-all-permissions", {
    signal,
    defaultMessage: copy.roles.failedFetchPermissions,
  });
  return data;
}

export function permissionsQueryOptions() {
  // The catalogue changes only with a release.
  return queryOptions({
    queryKey: roleKeys.permissions(),
    queryFn: ({ signal }) => getPermissions(signal),
    staleTime: Infinity,
  });
}

export function usePermissions() {
  return useQuery(permissionsQueryOptions());
}
