import { copy } from "@shop/shared/copy";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { forgetSession } from "@/app/session";
import { useAppDispatch } from "@/app/store/hooks";
import { paths } from "@/lib/paths";
import { clearServiceWorkerCaches } from "@/lib/service-worker";
import { useToast } from "@/lib/toasts";
import { logout } from "./api";

/** Sign-out: tell the server (best effort), forget the session and its cached data, go to /login. */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();

  return useCallback(() => {
    // The request takes the token with it before the store forgets it.
    logout().catch(() => undefined);
    forgetSession(dispatch, queryClient);
    clearServiceWorkerCaches();
    toast.success(copy.auth.signedOut);
    void navigate(paths.login);
  }, [dispatch, navigate, queryClient, toast]);
}
