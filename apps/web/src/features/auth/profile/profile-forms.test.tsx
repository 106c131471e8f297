import { copy } from "@shop/shared/copy";
import type { SessionDto } from "@shop/shared/schemas/account";
import type { UserDto } from "@shop/shared/schemas/users";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ActiveSessions } from "./active-sessions";
import { PasswordForm } from "./password-form";
import { ProfileDetailsForm } from "./profile-details-form";

const ada: UserDto = {
  _id: "u1",
  name: "Ada Admin",
  email: "ada@example.com",
  phone: "",
  isSuperAdmin: true,
  isActive: true,
  role: null,
  createdAt: "",
  updatedAt: "",
};

function storeOf() {
  return makeStore({
    user: { userInfo: { id: "u1", name: "Ada Admin", email: "ada@example.com", isSuperAdmin: true }, role: null },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("profile details", () => {
  it("sends only the changed name, even without a phone on file, and updates the signed-in name", async () => {
    const { requests } = fakeFetch({
      body: { success: true, message: copy.users.profileUpdated, data: { ...ada, name: "Ada Lovelace" } },
    });
    const store = storeOf();
    renderRoutes([{ path: "/", element: <ProfileDetailsForm user={ada} /> }], { store });
    expect(screen.getByLabelText<HTMLInputElement>("Email").disabled).toBe(true);

    const name = screen.getByLabelText("Name");
    await userEvent.clear(name);
    await userEvent.type(name, "Ada Lovelace");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(store.getState().user.userInfo?.name).toBe("Ada Lovelace"));
    const put = requests.find((request) => request.method === "PUT");
    expect(new URL(put?.url ?? "").pathname).toBe("/api/users/profile");
    expect(await put?.json()).toEqual({ name: "Ada Lovelace" });
  });

  it("checks a changed phone with the shared rules before sending", async () => {
    const { fetchMock } = fakeFetch({ body: { success: true, message: "ok" } });
    renderRoutes([{ path: "/", element: <ProfileDetailsForm user={ada} /> }], { store: storeOf() });
    await userEvent.type(screen.getByLabelText("Phone"), "12345");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(copy.validation.phone)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("password change", () => {
  async function fill(current: string, next: string, confirm = next) {
    await userEvent.type(screen.getByLabelText("Current password"), current);
    await userEvent.type(screen.getByLabelText("New password"), next);
    await userEvent.type(screen.getByLabelText("Confirm new password"), confirm);
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
  }

  it("asks that the new passwords match", async () => {
    const { fetchMock } = fakeFetch({ body: { success: true, message: "ok" } });
    renderRoutes([{ path: "/", element: <PasswordForm /> }], { store: storeOf() });
    await fill("old-secret", "new-secret", "new-secreT");
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a wrong current password under its field", async () => {
    fakeFetch({
      status: 400,
      body: {
        success: false,
        message: copy.users.wrongCurrentPassword,
        errors: { currentPassword: copy.users.wrongCurrentPassword },
      },
    });
    renderRoutes([{ path: "/", element: <PasswordForm /> }], { store: storeOf() });
    await fill("wrong-one", "new-secret");
    const message = await screen.findByText(copy.users.wrongCurrentPassword);
    expect(screen.getByLabelText("Current password").getAttribute("aria-describedby")).toContain(message.id);
  });

  it("says the other sessions were signed out after a change", async () => {
    const { requests } = fakeFetch({ body: { success: true, message: copy.users.passwordChanged } });
    renderRoutes([{ path: "/", element: <PasswordForm /> }], { store: storeOf() });
    await fill("old-secret", "new-secret");
    expect((await screen.findByRole("status")).textContent).toContain(copy.users.passwordChanged);
    expect(await requests[0]?.json()).toEqual({ currentPassword: "old-secret", newPassword: "new-secret" });
    expect(screen.getByLabelText<HTMLInputElement>("Current password").value).toBe("");
  });

  it("drops the signed-out sessions from Active sessions", async () => {
    const sessionOf = (browser: string, current: boolean): SessionDto => ({
      _id: browser,
      createdAt: "2025-03-05T10:00:00.000Z",
      lastSeenAt: null,
      ipAddress: "10.0.0.1",
      browser,
      current,
    });
    let changed = false;
    fakeFetch((request) => {
      if (new URL(request.url).pathname === "/api/users/change-password") {
        changed = true;
        return { body: { success: true, message: copy.users.passwordChanged } };
      }
      const sessions = [
        sessionOf("Firefox on Linux", true),
        ...(changed ? [] : [sessionOf("Chrome on Windows", false)]),
      ];
      return { body: { success: true, message: "ok", data: sessions } };
    });
    renderRoutes(
      [
        {
          path: "/",
          element: (
            <>
              <PasswordForm />
              <ActiveSessions />
            </>
          ),
        },
      ],
      { store: storeOf() },
    );
    await screen.findByText("Chrome on Windows");
    await fill("old-secret", "new-secret");
    await screen.findByRole("status");
    await vi.waitFor(() => expect(screen.queryByText("Chrome on Windows")).toBeNull());
    expect(screen.getByText("Firefox on Linux")).toBeTruthy();
  });
});
