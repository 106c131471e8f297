import { accountCopy } from "@shop/shared/account-copy";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ForgotPasswordPage } from "./forgot-password-page";
import { ResetPasswordPage } from "./reset-password-page";

const t = accountCopy.reset;
const routes = [
  { path: "/reset-password", element: <ResetPasswordPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
];

async function setPassword(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText(t.newPassword), password);
  await userEvent.type(screen.getByLabelText(t.confirmPassword), confirm);
  await userEvent.click(screen.getByRole("button", { name: t.submit }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("reset password page", () => {
  it("sends the link's token with the new password and says every session was signed out", async () => {
    const { requests } = fakeFetch({ body: { success: true, message: t.done } });
    renderRoutes(routes, { initialEntries: ["/reset-password?token=abc_DEF-123"] });
    await setPassword("new-password");
    expect(await screen.findByText(t.done)).toBeTruthy();
    expect(await requests[0]?.json()).toEqual({ token: "abc_DEF-123", password: "new-password" });
  });

  it("asks that the passwords match, and for at least 6 characters, before calling the API", async () => {
    const { requests } = fakeFetch({ body: { success: true, message: t.done } });
    renderRoutes(routes, { initialEntries: ["/reset-password?token=abc"] });
    await setPassword("new-password", "other-password");
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(t.newPassword));
    await userEvent.clear(screen.getByLabelText(t.confirmPassword));
    await setPassword("12345");
    expect(await screen.findByText("Password must be at least 6 characters long")).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it.each([
    ["a used or expired link", { status: 400, body: { success: false, message: t.invalid } }],
    [
      "a token the server does not accept the shape of",
      { status: 400, body: { success: false, message: "Invalid input", errors: { token: "Invalid token" } } },
    ],
  ])("shows a clear page for %s, with a way to ask again", async (_name, reply) => {
    fakeFetch(reply);
    const { router } = renderRoutes(routes, { initialEntries: ["/reset-password?token=abc"] });
    await setPassword("new-password");
    expect(await screen.findByRole("heading", { name: t.invalidTitle })).toBeTruthy();
    await userEvent.click(screen.getByRole("link", { name: t.askAgain }));
    expect(router.state.location.pathname).toBe("/forgot-password");
  });

  it("shows the clear page at once for a link without a token", async () => {
    renderRoutes(routes, { initialEntries: ["/reset-password"] });
    expect(await screen.findByRole("heading", { name: t.invalidTitle })).toBeTruthy();
  });
});
