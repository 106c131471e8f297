import type { UnknownAction } from "@reduxjs/toolkit";
import { copy } from "@shop/shared/copy";
import type { QueryClient } from "@tanstack/react-query";
import { configureApiClient } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { closeAllModals } from "@/modals/modal-store";
import type { RootState } from "./store/root-reducer";
import { sessionCleared } from "./store/session-actions";
import { notify } from "./store/ui-slice";

type SessionDeps = {
  store: { getState: () => RootState; dispatch: (action: UnknownAction) => unknown };
  queryClient: QueryClient;
  navigate: (to: string) => void;
};

/**
 * What ending a session forgets, by sign-out or by expiry alike: the user, the data cached for them,
 * and any dialog they had open (it would stay over the page they are sent to, acting for nobody).
 */
export function forgetSession(dispatch: SessionDeps["store"]["dispatch"], queryClient: QueryClient): void {
  dispatch(sessionCleared());
  queryClient.clear();
  closeAllModals();
}

/** Spec section 4: any 401 clears the session and the user, goes home and says why. */
export function expireSession({ store, queryClient, navigate }: SessionDeps): void {
  store.dispatch(notify(copy.sessionExpired, "error"));
  forgetSession(store.dispatch, queryClient);
  navigate(paths.home);
}

/** Connects the API client to the store (bearer token) and to the session expiry above. */
export function installSessionHandling(deps: SessionDeps): void {
  configureApiClient({
    getToken: () => deps.store.getState().auth.token,
    onUnauthorized: () => expireSession(deps),
  });
}
