import { copy } from "@shop/shared/copy";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { subscriberOf } from "@/features/newsletter/test-data";
import { api } from "@/lib/api-client";
import { ModalRoot } from "@/modals/modal-root";
import { closeAllModals, openModal } from "@/modals/modal-store";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
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
  act(() => closeAllModals());
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

  it("closes every open dialog, so the visitor lands on a clean home page", async () => {
    const { store, navigate } = signedInApp();
    renderRoutes([{ path: "/", element: <ModalRoot /> }], { store });
    const person = subscriberOf(1);
    let answer401 = false;
    // The dialog's tag list loads; the next call, made while it is open, finds the session gone.
    fakeFetch(() =>
      answer401
        ? { status: 401, body: { success: false, message: "Unauthorized" } }
        : { body: { success: true, message: "ok", data: [] } },
    );
    act(() => {
      openModal("editSubscriber", { subscriberId: person._id, email: person.email, tagIds: [] });
    });
    await screen.findByRole("dialog", { name: "Edit Subscriber" });

    answer401 = true;
    await act(() => expect(api.get("/newsletter-tags/get-all-tags")).rejects.toMatchObject({ status: 401 }));

    expect(navigate).toHaveBeenCalledWith("/");
    expect(screen.queryByRole("dialog")).toBeNull();
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
