import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { signedIn } from "@/app/store/session-actions";
import { configureApiClient } from "@/lib/api-client";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { RequireAuth } from "./require-auth";

const routes = [
  { path: "/", element: <p>home page</p> },
  { path: "/login", element: <p>login page</p> },
  {
    path: "/admin",
    element: <RequireAuth />,
    children: [
      { index: true, element: <p>admin page</p> },
      { path: "*", element: <p>admin page</p> },
    ],
  },
];

const user = {
  _id: "u1",
  name: "Jane",
  email: "jane@example.com",
  isSuperAdmin: false,
  role: { _id: "r1", name: "Editor", permissions: [{ name: "product:view-products" }] },
};

function storeWithToken() {
  const store = makeStore({ auth: { token: "token-1", isLoading: false, error: null } });
  configureApiClient({ getToken: () => store.getState().auth.token, onUnauthorized: () => undefined });
  return store;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("admin guard", () => {
  it("sends a signed-out visitor home, remembering the page they wanted", async () => {
    const { router } = renderRoutes(routes, { initialEntries: ["/admin/contacts?page=2"] });
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.state).toEqual({ from: "/admin/contacts?page=2" });
  });

  it("lets a signed-in user with a loaded profile straight in", async () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: "token-1", user }));
    const { fetchMock } = fakeFetch({ body: { success: true, message: "ok" } });
    renderRoutes(routes, { store, initialEntries: ["/admin"] });
    expect(await screen.findByText("admin page")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("with a token but no user, loads the user behind a spinner, then shows the page", async () => {
    const store = storeWithToken();
    const { requests } = fakeFetch({ body: { success: true, message: "User fetched successfully", data: user } });
    renderRoutes(routes, { store, initialEntries: ["/admin"] });

    expect(screen.getByRole("status")).toBeTruthy();
    expect(await screen.findByText("admin page")).toBeTruthy();
    const url = new URL(requests[0]?.url ?? "");
    expect(url.pathname).toBe("/api/users/get-user");
    expect(url.searchParams.get("token")).toBe("token-1");
    expect(store.getState().user.userInfo).toEqual({
      id: "u1",
      name: "Jane",
      email: "jane@example.com",
      isSuperAdmin: false,
    });
    expect(store.getState().user.role?.name).toBe("Editor");
  });

  it("clears a session the server no longer accepts and goes to /login", async () => {
    const store = storeWithToken();
    fakeFetch({ status: 401, body: { success: false, message: "Unauthorized" } });
    const { router } = renderRoutes(routes, { store, initialEntries: ["/admin/products"] });

    expect(await screen.findByText("login page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().ui.notifications).toEqual([]);
  });

  it("treats success: false from the session check as a failed check", async () => {
    const store = storeWithToken();
    fakeFetch({ body: { success: false, message: "User not found" } });
    renderRoutes(routes, { store, initialEntries: ["/admin"] });

    expect(await screen.findByText("login page")).toBeTruthy();
    expect(store.getState().auth.token).toBeNull();
  });

  // The check got no verdict on the token: the network failed (or the page was being left, which
  // cancels the request), or the server itself failed. Signing the user out then would end a good
  // session on every slow network, reload or deploy.
  it("keeps the session when the check gets no answer, says so, and tries again on request", async () => {
    const store = storeWithToken();
    let reachable = false;
    fakeFetch(() => {
      if (!reachable) throw new TypeError("Failed to fetch");
      return { body: { success: true, message: "User fetched successfully", data: user } };
    });
    const { router } = renderRoutes(routes, { store, initialEntries: ["/admin/products"] });

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not check your session");
    expect(store.getState().auth.token).toBe("token-1");
    expect(router.state.location.pathname).toBe("/admin/products");

    reachable = true;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("admin page")).toBeTruthy();
    expect(store.getState().user.userInfo?.id).toBe("u1");
  });

  for (const status of [500, 503, 429]) {
    it(`keeps the session when the server answers the check with ${status}`, async () => {
      const store = storeWithToken();
      fakeFetch({ status, body: { success: false, message: "Service unavailable" } });
      const { router } = renderRoutes(routes, { store, initialEntries: ["/admin"] });

      expect(await screen.findByRole("alert")).toBeTruthy();
      expect(store.getState().auth.token).toBe("token-1");
      expect(router.state.location.pathname).toBe("/admin");
    });
  }
});
