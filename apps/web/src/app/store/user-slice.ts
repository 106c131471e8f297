import type { UnknownAction } from "@reduxjs/toolkit";
import type { RoleSummary } from "@shop/shared/schemas/users";
import { action } from "./actions";
import { type SessionUser, sessionCleared, signedIn } from "./session-actions";

export type UserInfo = {
  id: string;
  name: string;
  email: string;
  isSuperAdmin: boolean;
};

export type UserState = {
  userInfo: UserInfo | null;
  role: RoleSummary | null;
};

const initialState: UserState = { userInfo: null, role: null };

function stateOf(user: SessionUser): UserState {
  return {
    userInfo: { id: user._id, name: user.name, email: user.email, isSuperAdmin: user.isSuperAdmin },
    role: user.role,
  };
}

export const userLoaded = action<SessionUser>("user/userLoaded");

export function userReducer(state: UserState = initialState, act: UnknownAction): UserState {
  if (userLoaded.match(act)) return stateOf(act.payload);
  if (signedIn.match(act)) return stateOf(act.payload.user);
  if (sessionCleared.match(act)) return initialState;
  return state;
}
