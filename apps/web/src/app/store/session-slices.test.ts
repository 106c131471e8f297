import { describe, expect, it } from "vitest";
import { authReducer, clearAuthError, initialAuthState, loginFailed, loginStarted } from "./auth-slice";
import { makeStore } from "./root-reducer";
import { type SessionUser, sessionCleared, signedIn } from "./session-actions";
import { userLoaded, userReducer } from "./user-slice";

const jane: SessionUser = {
  _id: "u1",
  name: "Jane",
  email: "jane@example.com",
  isSuperAdmin: false,
  role: { _id: "r1", name: "Editor", permissions: [{ name: "product:view-products" }] },
};

describe("auth slice", () => {
  it("starts signed out, not loading, without an error", () => {
    expect(authReducer(undefined, { type: "init" })).toEqual({ token: null, isLoading: false, error: null });
  });

  it("marks a sign-in in progress and forgets the previous error", () => {
    const state = authReducer({ ...initialAuthState, error: "old" }, loginStarted());
    expect(state).toEqual({ token: null, isLoading: true, error: null });
  });

  it("keeps the server's message when a sign-in fails", () => {
    const state = authReducer({ ...initialAuthState, isLoading: true }, loginFailed("Invalid email or password"));
    expect(state).toEqual({ token: null, isLoading: false, error: "Invalid email or password" });
    expect(authReducer(state, clearAuthError()).error).toBeNull();
  });

  it("stores the token on sign-in and clears token and error on sign-out", () => {
    const signedInState = authReducer({ ...initialAuthState, isLoading: true }, signedIn({ token: "t1", user: jane }));
    expect(signedInState).toEqual({ token: "t1", isLoading: false, error: null });
    expect(authReducer({ ...signedInState, error: "x" }, sessionCleared())).toEqual(initialAuthState);
  });
});

describe("user slice", () => {
  it("keeps id, name, email and isSuperAdmin as user info and the role apart", () => {
    const state = userReducer(undefined, signedIn({ token: "t1", user: jane }));
    expect(state.userInfo).toEqual({ id: "u1", name: "Jane", email: "jane@example.com", isSuperAdmin: false });
    expect(state.role).toEqual(jane.role);
  });

  it("stores the user fetched by the session check", () => {
    const state = userReducer(undefined, userLoaded({ ...jane, role: null, isSuperAdmin: true }));
    expect(state.userInfo?.isSuperAdmin).toBe(true);
    expect(state.role).toBeNull();
  });

  it("forgets user info and role on sign-out", () => {
    const state = userReducer(userReducer(undefined, userLoaded(jane)), sessionCleared());
    expect(state).toEqual({ userInfo: null, role: null });
  });
});

describe("one session action for both slices", () => {
  it("signs in and out across auth and user together, leaving the cart alone", () => {
    const store = makeStore({ cart: { items: [{ _id: "p", name: "P", price: 10, quantity: 2 }], total: 20 } });
    store.dispatch(signedIn({ token: "t1", user: jane }));
    expect(store.getState().auth.token).toBe("t1");
    expect(store.getState().user.userInfo?.name).toBe("Jane");
    store.dispatch(sessionCleared());
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().user.userInfo).toBeNull();
    expect(store.getState().cart.total).toBe(20);
  });
});
