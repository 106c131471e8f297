import { copy } from "@shop/shared/copy";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { LoginPage } from "./login-page";

const routes = [
  { path: "/login", element: <LoginPage /> },
  { path: "/admin/*", element: <p>admin area</p> },
];

const user = {
  _id: "u1",
  name: "Jane",
  email: "jane@example.com",
  phone: "0123456789",
  isSuperAdmin: false,
  isActive: true,
  role: { _id: "r1", name: "Editor", permissions: [{ name: "product:view-products" }] },
};

async function signIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText("Email"), email);
  await userEvent.type(screen.getByLabelText("Password"), password);
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("login page", () => {
  it("signs in, stores token, user and role, and returns to the page the guard remembered", async () => {
    const { requests } = fakeFetch({ body: { success: true, message: "ok", data: { token: "jwt-1", user } } });
    const { router, store } = renderRoutes(routes, {
      initialEntries: [{ pathname: "/login", state: { from: "/admin/products" } }],
    });

    await signIn("Jane@Example.com", "secret-password");

    expect(await screen.findByText("admin area")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/products");
    expect(await requests[0]?.json()).toEqual({ email: "jane@example.com", password: "secret-password" });
    expect(store.getState().auth).toEqual({ token: "jwt-1", isLoading: false, error: null });
    expect(store.getState().user.userInfo?.name).toBe("Jane");
    expect(store.getState().user.role?.name).toBe("Editor");
  });

  it("goes to the dashboard when no page was remembered", async () => {
    fakeFetch({ body: { success: true, message: "ok", data: { token: "jwt-1", user } } });
    const { router } = renderRoutes(routes, { initialEntries: ["/login"] });
    await signIn("jane@example.com", "secret-password");
    expect(await screen.findByText("admin area")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin");
  });

  it("shows the server's message on failure and stays signed out", async () => {
    fakeFetch({ status: 401, body: { success: false, message: copy.auth.invalidCredentials } });
    const { store } = renderRoutes(routes, { initialEntries: ["/login"] });
    await signIn("jane@example.com", "wrong");

    expect((await screen.findByRole("alert")).textContent).toContain(copy.auth.invalidCredentials);
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().ui.notifications).toEqual([]);
  });

  it("reads every refused sign-in the same way, whatever the server said about the account", async () => {
    fakeFetch({ status: 401, body: { success: false, message: "Your account has been deactivated" } });
    renderRoutes(routes, { initialEntries: ["/login"] });
    await signIn("jane@example.com", "right-password");

    expect((await screen.findByRole("alert")).textContent).toBe(copy.auth.invalidCredentials);
  });

  it("asks for both fields before calling the server", async () => {
    const { fetchMock } = fakeFetch({ body: { success: true, message: "ok" } });
    renderRoutes(routes, { initialEntries: ["/login"] });
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByText(copy.validation.required("Email"))).toBeTruthy();
    expect(screen.getByText(copy.validation.required("Password"))).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
