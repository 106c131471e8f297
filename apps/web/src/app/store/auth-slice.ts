import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { sessionCleared, signedIn } from "./session-actions";

export type AuthState = {
  token: string | null;
  isLoading: boolean;
  error: string | null;
};

export const initialAuthState: AuthState = { token: null, isLoading: false, error: null };

const authSlice = createSlice({
  name: "auth",
  initialState: initialAuthState,
  reducers: {
    loginStarted(state) {
      state.isLoading = true;
      state.error = null;
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.isLoading = false;
      state.error = action.payload;
    },
    clearAuthError(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (state, action) => {
        state.token = action.payload.token;
        state.isLoading = false;
        state.error = null;
      })
      .addCase(sessionCleared, () => initialAuthState);
  },
});

export const { loginStarted, loginFailed, clearAuthError } = authSlice.actions;
export const authReducer = authSlice.reducer;
