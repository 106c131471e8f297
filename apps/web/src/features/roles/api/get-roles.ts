import { copy } from "@shop/shared/copy";
import type { Pagination } from "@shop/shared/schemas/common";
import type { RoleDto } from "@shop/shared/schemas/roles";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { roleKeys } from "./keys";

export type RoleListFilters = { page: number; limit: number; search?: string };

export type RoleList = { roles: RoleDto[]; pagination: Pagination & { totalRoles: number; rolesPerPage: number } };

/** Enough for a select of every role: the API's page limit. */
export const allRolesFilters: RoleListFilters = { page: 1, limit: 100 };

/** GET /roles/get-all-role */
export async function getRoles(filters: RoleListFilters, signal?: AbortSignal): Promise<RoleList> {
  const { data } = await api.get<RoleList>("/roles/get-all-role", {
    query: filters,
    signal,
    defaultMessage: copy.roles.failedFetch,
  });
  return data;
}

export function rolesQueryOptions(filters: RoleListFilters) {
  return queryOptions({
    queryKey: roleKeys.list(filters),
    queryFn: ({ signal }) => getRoles(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRoles(filters: RoleListFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rolesQueryOptions(filters), enabled });
}
