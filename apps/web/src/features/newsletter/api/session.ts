import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useStore } from "react-redux";
import { useNavigate } from "react-router";
import { expireSession } from "@/app/session";
import type { AppStore } from "@/app/store/root-reducer";
import { ApiError } from "@/lib/api-client";

/**
 * For calls made beside the API client (file downloads, the XHR upload): the bearer token, and
 * the same ending as any other call that finds the session gone (spec section 8).
 */
export function useSessionForRawCalls() {
  const store = useStore.withTypes<AppStore>()();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      token: () => store.getState().auth.token,
      expireOn401: (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          expireSession({ store, queryClient, navigate: (to) => void navigate(to) });
        }
      },
    }),
    [store, queryClient, navigate],
  );
}
