import type { UnknownAction } from "@reduxjs/toolkit";
import { action } from "./actions";
import { sessionCleared, signedIn } from "./session-actions";

export type AuthState = {
  token: string | null;
  isLoading: boolean;
  error: string | null;
};

export const initialAuthState: AuthState = { token: null, isLoading: false, error: null };

export const loginStarted = action("auth/loginStarted");
export const loginFailed = action<string>("auth/loginFailed");
export const clearAuthError = action("auth/clearAuthError");

export function authReducer(state: AuthState = initialAuthState, act: UnknownAction): AuthState {
  if (loginStarted.match(act)) return { ...state, isLoading: true, error: null };
  if (loginFailed.match(act)) return { ...state, isLoading: false, error: act.payload };
  if (clearAuthError.match(act)) return { ...state, error: null };
  if (signedIn.match(act)) return { token: act.payload.token, isLoading: false, error: null };
  if (sessionCleared.match(act)) return initialAuthState;
  return state;
}
