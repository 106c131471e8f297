import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { RoleSummary } from "@shop/shared/schemas/users";
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

const userSlice = createSlice({
  name: "user",
  initialState,
  reducers: {
    userLoaded: (_state, action: PayloadAction<SessionUser>) => stateOf(action.payload),
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (_state, action) => stateOf(action.payload.user))
      .addCase(sessionCleared, () => initialState);
  },
});

export const { userLoaded } = userSlice.actions;
export const userReducer = userSlice.reducer;
