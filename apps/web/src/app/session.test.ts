import { copy } from "@shop/shared/copy";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "@/lib/api-client";
import { fakeFetch } from "@/test/fake-fetch";
import { createQueryClient } from "./query-client";
import { installSessionHandling } from "./session";
import { makeStore } from "./store/root-reducer";
import { signedIn } from "./store/session-actions";

function signedInApp() {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: "expired-token",
      user: { _id: "u1", name: "Jane", email: "jane@example.com", isSuperAdmin: false, role: null },
    }),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(["users"], ["cached"]);
  const navigate = vi.fn();
  installSessionHandling({ store, queryClient, navigate });
  return { store, queryClient, navigate };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("session expiry", () => {
  it("on a 401 clears the session and user, says why, drops cached data and goes home", async () => {
    const { store, queryClient, navigate } = signedInApp();
    const { requests } = fakeFetch({ status: 401, body: { success: false, message: "Unauthorized" } });

    await expect(api.get("/users/get-all-users")).rejects.toMatchObject({ status: 401 });

    expect(requests[0]?.headers.get("authorization")).toBe("Bearer expired-token");
    const state = store.getState();
    expect(state.auth.token).toBeNull();
    expect(state.user).toEqual({ userInfo: null, role: null });
    expect(state.ui.notifications).toEqual([expect.objectContaining({ message: copy.sessionExpired, type: "error" })]);
    expect(queryClient.getQueryData(["users"])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith("/");
  });

  it("keeps the session when the sign-in call itself answers 401 (wrong password)", async () => {
    const { store, navigate } = signedInApp();
    fakeFetch({ status: 401, body: { success: false, message: copy.auth.invalidCredentials } });

    await expect(api.post("/users/login", {}, { skipSessionExpiry: true })).rejects.toMatchObject({ status: 401 });

    expect(store.getState().auth.token).toBe("expired-token");
    expect(store.getState().ui.notifications).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("leaves other failures alone", async () => {
    const { store, navigate } = signedInApp();
    fakeFetch({ status: 403, body: { success: false, message: copy.auth.forbidden } });

    await expect(api.get("/roles/get-all-role")).rejects.toMatchObject({ status: 403 });

    expect(store.getState().auth.token).toBe("expired-token");
    expect(navigate).not.toHaveBeenCalled();
  });
});
