import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { LoginPage } from "../login-page";

const routes = [
  { path: "/login", element: <LoginPage /> },
  { path: "/admin/*", element: <p>admin area</p> },
  { path: "/two-factor-setup", element: <p>set-up page</p> },
];

const user = {
  _id: "u1",
  name: "Jane",
  email: "jane@example.com",
  isSuperAdmin: false,
  role: { _id: "r1", name: "Editor", permissions: [] },
};
const ui = twoFactorCopy.ui;

async function passwordStep() {
  await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
  await userEvent.type(screen.getByLabelText("Password"), "secret-password");
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

/** A fake API: the password answers a challenge; the second step takes 123456 or recovery code abcde-fghjk. */
function twoStepServer() {
  return fakeFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/api/users/login") {
      return {
        body: {
          success: true,
          message: "ok",
          data: { twoFactorRequired: true, challenge: "c1", methods: ["totp", "recovery"] },
        },
      };
    }
    const body = (await request.json()) as { challenge: string; method: string; code: string };
    const right = body.challenge === "c1" && (body.code === "123456" || body.code === "abcdefghjk");
    return right
      ? { body: { success: true, message: "ok", data: { token: "jwt-2", user } } }
      : { status: 401, body: { success: false, message: twoFactorCopy.api.invalidCode } };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("sign-in steps", () => {
  it("asks for a code on its own step and signs in with it, not before", async () => {
    const { requests } = twoStepServer();
    const { router, store } = renderRoutes(routes, { initialEntries: ["/login"] });
    await passwordStep();

    expect(await screen.findByRole("heading", { name: ui.secondStepTitle })).toBeTruthy();
    expect(store.getState().auth.token).toBeNull();
    await userEvent.type(screen.getByLabelText(ui.code), "123 456");
    await userEvent.click(screen.getByRole("button", { name: ui.verify }));

    expect(await screen.findByText("admin area")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin");
    expect(store.getState().auth.token).toBe("jwt-2");
    expect(await requests[1]?.json()).toEqual({ challenge: "c1", method: "totp", code: "123456" });
  });

  it("shows a refused code on the step and stays there; a recovery code then signs in", async () => {
    twoStepServer();
    const { router } = renderRoutes(routes, { initialEntries: ["/login"] });
    await passwordStep();
    await userEvent.type(await screen.findByLabelText(ui.code), "000000");
    await userEvent.click(screen.getByRole("button", { name: ui.verify }));
    expect((await screen.findByRole("alert")).textContent).toContain(twoFactorCopy.api.invalidCode);
    expect(router.state.location.pathname).toBe("/login");

    await userEvent.click(screen.getByRole("button", { name: ui.useRecovery }));
    await userEvent.type(screen.getByLabelText(ui.recoveryCode), "ABCDE-FGHJK");
    await userEvent.click(screen.getByRole("button", { name: ui.verify }));
    expect(await screen.findByText("admin area")).toBeTruthy();
  });

  it("sends a user whose role requires two-factor to the set-up page, not the admin", async () => {
    fakeFetch({ body: { success: true, message: "ok", data: { token: "jwt-3", user, twoFactorSetupRequired: true } } });
    const { router } = renderRoutes(routes, { initialEntries: ["/login"] });
    await passwordStep();
    expect(await screen.findByText("set-up page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/two-factor-setup");
  });
});
