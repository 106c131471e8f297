import { useEffect, useEffectEvent, useState } from "react";
import { useLocation } from "react-router";
import { useAppDispatch, useAppSelector } from "@/app/store/hooks";
import { sessionCleared } from "@/app/store/session-actions";
import { userLoaded } from "@/app/store/user-slice";
import { ApiError } from "@/lib/api-client";
import { isRefusal } from "@/lib/refusal";
import { getSessionUser } from "./api";
import { rememberSetupRequired } from "./two-factor/setup-gate";

/** Where the session check stands when it has not loaded the user. */
export type SessionCheck = {
  /** The last check got no verdict on the token (see saysTokenIsBad); the session is kept. */
  unanswered: boolean;
  /** Checks again now. */
  retry: () => void;
};

/**
 * Whether a failed check is the server's verdict on the token: its refusal (lib/refusal.ts), or an
 * answer of `success: false` ("User not found"). No answer at all (offline, timed out, or cancelled
 * because the page is being left — a reload or a typed address while the check is on the way), the
 * server's own failure and a rate limit say nothing about it: clearing the session then signed a good
 * session out on every slow network, reload or deploy.
 */
function saysTokenIsBad(error: unknown): boolean {
  return isRefusal(error) || (error instanceof ApiError && error.status >= 200 && error.status < 300);
}

/**
 * Spec section 2: with a token but no user loaded (after a reload), fetch the user; store it,
 * or clear the session when the server says the token is no longer good. Reruns on every path change.
 */
export function useSessionUser(onInvalid?: () => void): SessionCheck {
  const token = useAppSelector((state) => state.auth.token);
  const userId = useAppSelector((state) => state.user.userInfo?.id);
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const reportInvalid = useEffectEvent(() => onInvalid?.());
  const [unanswered, setUnanswered] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the spec reruns the check on every path change; attempt is a retry
  useEffect(() => {
    if (!token || userId) return;
    const controller = new AbortController();
    getSessionUser(token, controller.signal).then(
      ({ data }) => {
        rememberSetupRequired("twoFactorSetupRequired" in data && data.twoFactorSetupRequired === true);
        setUnanswered(false);
        dispatch(userLoaded(data));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (!saysTokenIsBad(error)) {
          setUnanswered(true);
          return;
        }
        reportInvalid();
        dispatch(sessionCleared());
      },
    );
    return () => controller.abort();
  }, [token, userId, pathname, attempt, dispatch]);

  return {
    unanswered,
    retry: () => {
      setUnanswered(false);
      setAttempt((count) => count + 1);
    },
  };
}
