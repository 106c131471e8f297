import { uiCopy } from "@shop/shared/ui-copy";
import { useEffect, useEffectEvent } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { useAppSelector } from "@/app/store/hooks";
import { ErrorState } from "@/components/error-state";
import { FullScreenSpinner } from "@/components/spinner";
import { type FromState, paths } from "@/lib/paths";
import { setupRequired } from "./two-factor/setup-gate";
import { useSessionUser } from "./use-session-user";

/**
 * The admin guard (spec section 2). A visitor without a token goes home, remembering where they
 * were headed; a token without a user is checked first behind a full-screen spinner.
 *
 * A check that gets no verdict on the token (no answer, or the server failing) keeps the session
 * and says so, with a way to try again.
 *
 * The redirect runs when the path changes, not whenever the token does: sign-out and session
 * expiry navigate on their own (to /login and /), and a second redirect must not race theirs.
 */
export function RequireAuth() {
  const token = useAppSelector((state) => state.auth.token);
  const userId = useAppSelector((state) => state.user.userInfo?.id);
  const location = useLocation();
  const navigate = useNavigate();
  const from = `${location.pathname}${location.search}${location.hash}`;

  const redirectIfSignedOut = useEffectEvent((origin: string) => {
    if (!token) void navigate(paths.home, { replace: true, state: { from: origin } satisfies FromState });
  });
  useEffect(() => redirectIfSignedOut(from), [from]);

  const check = useSessionUser(() => void navigate(paths.login, { replace: true }));

  if (token && !userId && check.unanswered) {
    return (
      <div className="flex min-h-screen items-center justify-center bg-white px-4">
        <div className="w-full max-w-lg">
          <ErrorState
            title={uiCopy.auth.sessionUnchecked}
            description={uiCopy.auth.sessionUncheckedText}
            onRetry={check.retry}
          />
        </div>
      </div>
    );
  }
  if (!token || !userId) return <FullScreenSpinner label={uiCopy.auth.checkingSession} />;
  // The role wants a second factor first (the server refuses admin calls until then anyway).
  if (setupRequired()) return <Navigate to={paths.twoFactorSetup} replace state={{ from } satisfies FromState} />;
  return <Outlet />;
}
