import { copy } from "@shop/shared/copy";
import type { Pagination } from "@shop/shared/schemas/common";
import type { UserDto } from "@shop/shared/schemas/users";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

export type UserSortKey = "createdAt" | "name" | "email";

export type UserListFilters = {
  page: number;
  limit: number;
  search?: string;
  /** A role id. */
  role?: string;
  isActive?: "true" | "false";
  sortBy?: UserSortKey;
  sortOrder?: "asc" | "desc";
};

export type UserList = { users: UserDto[]; pagination: Pagination & { totalUsers: number; usersPerPage: number } };

/** GET /users/get-all-users */
export async function getUsers(filters: UserListFilters, signal?: AbortSignal): Promise<UserList> {
  const { data } = await api.get<UserList>("/users/get-all-users", {
    query: filters,
    signal,
    defaultMessage: copy.users.failedFetch,
  });
  return data;
}

export function usersQueryOptions(filters: UserListFilters) {
  return queryOptions({
    queryKey: userKeys.list(filters),
    queryFn: ({ signal }) => getUsers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserListFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(filters), enabled });
}
