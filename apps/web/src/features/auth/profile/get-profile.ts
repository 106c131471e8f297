import type { UserDto } from "@shop/shared/schemas/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const profileKeys = { me: ["profile"] as const };

/** GET /users/get-user: the signed-in user in full (the store keeps only name, email and role). */
export async function getProfile(signal?: AbortSignal): Promise<UserDto> {
  const { data } = await api.get<UserDto>("/users/get-user", { signal });
  return data;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.me, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
