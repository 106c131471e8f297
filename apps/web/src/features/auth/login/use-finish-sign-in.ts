import type { SignedInAnswer } from "@shop/shared/schemas/two-factor";
import { useNavigate } from "react-router";
import { useAppDispatch } from "@/app/store/hooks";
import { signedIn } from "@/app/store/session-actions";
import { type FromState, paths } from "@/lib/paths";
import { rememberSetupRequired, setupRequired } from "../two-factor/setup-gate";

/** Where a signed-in user goes: their destination, or first the enrolment their role requires. */
export function afterSignIn(destination: string): string {
  return setupRequired() ? paths.twoFactorSetup : destination;
}

/** Stores the session every sign-in step ends with and leaves the login page. */
export function useFinishSignIn(destination: string) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async (answer: SignedInAnswer) => {
    rememberSetupRequired(answer.twoFactorSetupRequired === true);
    dispatch(signedIn({ token: answer.token, user: answer.user }));
    await navigate(afterSignIn(destination), {
      replace: true,
      state: { from: destination } satisfies FromState,
    });
  };
}
