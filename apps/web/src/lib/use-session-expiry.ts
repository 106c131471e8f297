import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useStore } from "react-redux";
import { useNavigate } from "react-router";
import { expireSession } from "@/app/session";
import type { AppStore } from "@/app/store/root-reducer";
import { ApiError } from "./api-client";

/**
 * For calls that bypass the API client (file downloads, uploads with progress): a 401 they meet
 * ends the session the way the client's own 401 handling does (spec section 8). Also hands over
 * the current token, read at call time so a refreshed session is used.
 */
export function useSessionExpiry() {
  const store = useStore.withTypes<AppStore>()();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const expireOn401 = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        expireSession({ store, queryClient, navigate: (to) => void navigate(to) });
      }
    },
    [store, queryClient, navigate],
  );
  const token = useCallback(() => store.getState().auth.token, [store]);
  return { expireOn401, token };
}
