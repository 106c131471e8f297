import { useEffect, useEffectEvent } from "react";
import { useLocation } from "react-router";
import { useAppDispatch, useAppSelector } from "@/app/store/hooks";
import { sessionCleared } from "@/app/store/session-actions";
import { userLoaded } from "@/app/store/user-slice";
import { getSessionUser } from "./api";
import { rememberSetupRequired } from "./two-factor/setup-gate";

/**
 * Spec section 2: with a token but no user loaded (after a reload), fetch the user; store it,
 * or clear the session when the token is no longer good. Reruns on every path change.
 */
export function useSessionUser(onInvalid?: () => void): void {
  const token = useAppSelector((state) => state.auth.token);
  const userId = useAppSelector((state) => state.user.userInfo?.id);
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const reportInvalid = useEffectEvent(() => onInvalid?.());

  // biome-ignore lint/correctness/useExhaustiveDependencies: the spec reruns the check on every path change
  useEffect(() => {
    if (!token || userId) return;
    const controller = new AbortController();
    getSessionUser(token, controller.signal).then(
      ({ data }) => {
        rememberSetupRequired("twoFactorSetupRequired" in data && data.twoFactorSetupRequired === true);
        dispatch(userLoaded(data));
      },
      () => {
        if (controller.signal.aborted) return;
        reportInvalid();
        dispatch(sessionCleared());
      },
    );
    return () => controller.abort();
  }, [token, userId, pathname, dispatch]);
}
