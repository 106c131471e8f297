import type { UnknownAction } from "@reduxjs/toolkit";
import { copy } from "@shop/shared/copy";
import type { QueryClient } from "@tanstack/react-query";
import { configureApiClient } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import type { RootState } from "./store/root-reducer";
import { sessionCleared } from "./store/session-actions";
import { notify } from "./store/ui-slice";

type SessionDeps = {
  store: { getState: () => RootState; dispatch: (action: UnknownAction) => unknown };
  queryClient: QueryClient;
  navigate: (to: string) => void;
};

/**
 * Spec section 4: any 401 clears the session and the user, goes home and says why.
 * Cached queries go too: they belong to the session that just ended.
 */
export function expireSession({ store, queryClient, navigate }: SessionDeps): void {
  store.dispatch(notify(copy.sessionExpired, "error"));
  store.dispatch(sessionCleared());
  queryClient.clear();
  navigate(paths.home);
}

/** Connects the API client to the store (bearer token) and to the session expiry above. */
export function installSessionHandling(deps: SessionDeps): void {
  configureApiClient({
    getToken: () => deps.store.getState().auth.token,
    onUnauthorized: () => expireSession(deps),
  });
}
