import { QueryClient } from "@tanstack/react-query";

/** Spec section 7: fresh 5 minutes, cached 10 minutes, one retry, no refetch on window focus. */
export const queryDefaults = {
  staleTime: 300_000,
  gcTime: 600_000,
  retry: 1,
  refetchOnWindowFocus: false,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: queryDefaults } });
}

export const queryClient = createQueryClient();
