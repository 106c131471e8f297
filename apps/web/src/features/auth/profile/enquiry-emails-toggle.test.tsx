import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import type { RoleSummary, UserDto } from "@shop/shared/schemas/users";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ProfilePage } from "../profile-page";

const t = adminCopy.profile;

function staff(permissions: string[]): { user: UserDto; role: RoleSummary } {
  const role = { _id: "r1", name: "Support", permissions: permissions.map((name) => ({ name })) };
  return {
    role,
    user: {
      _id: "u2",
      name: "Sam Support",
      email: "sam@example.com",
      phone: "0123456789",
      isSuperAdmin: false,
      isActive: true,
      notifyEnquiries: false,
      role,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    },
  };
}

/** The profile page against a fake API that keeps the user's notifyEnquiries. */
function renderProfile(permissions: string[], options: { refuse?: boolean } = {}) {
  const { user, role } = staff(permissions);
  let current = user;
  const network = fakeFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (request.method === "PUT" && path === "/api/users/profile") {
      if (options.refuse)
        return { status: 403, body: { success: false, message: copy.users.notifyEnquiriesNotAllowed } };
      current = { ...current, ...((await request.json()) as Partial<UserDto>) };
      return { body: { success: true, message: copy.users.profileUpdated, data: current } };
    }
    if (path === "/api/users/get-user") return { body: { success: true, message: "ok", data: current } };
    if (path === "/api/users/two-factor") {
      return {
        body: {
          success: true,
          message: "ok",
          data: { totp: false, recoveryCodesLeft: 0, passkeys: [], required: false },
        },
      };
    }
    if (path === "/api/users/sessions") return { body: { success: true, message: "ok", data: [] } };
    return {
      body: {
        success: true,
        message: "ok",
        data: { logs: [], pagination: { total: 0, page: 1, limit: 10, totalPages: 0 } },
      },
    };
  });
  const store = makeStore({
    user: { userInfo: { id: user._id, name: user.name, email: user.email, isSuperAdmin: false }, role },
  });
  renderRoutes([{ path: "/admin/profile", element: <ProfilePage /> }], { store, initialEntries: ["/admin/profile"] });
  return { ...network, store };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Email me new enquiries", () => {
  it("is offered to staff who can view contacts and saved as soon as it is switched", async () => {
    const { requests, store } = renderProfile(["contact:view-contacts"]);
    const toggle = await screen.findByLabelText<HTMLInputElement>(t.notifyEnquiries);
    expect(toggle.checked).toBe(false);
    await userEvent.click(toggle);

    await vi.waitFor(() => expect(requests.filter((r) => r.method === "PUT")).toHaveLength(1));
    const put = requests.find((r) => r.method === "PUT");
    expect(await put?.json()).toEqual({ notifyEnquiries: true });
    await vi.waitFor(() =>
      expect(store.getState().ui.notifications.map((n) => n.message)).toContain(t.notifyEnquiriesOn),
    );
    expect(screen.getByLabelText<HTMLInputElement>(t.notifyEnquiries).checked).toBe(true);
  });

  it("goes back and says why when the API refuses", async () => {
    const { store } = renderProfile(["contact:view-contacts"], { refuse: true });
    const toggle = await screen.findByLabelText<HTMLInputElement>(t.notifyEnquiries);
    await userEvent.click(toggle);
    await vi.waitFor(() =>
      expect(store.getState().ui.notifications.map((n) => n.message)).toContain(copy.users.notifyEnquiriesNotAllowed),
    );
    expect(screen.getByLabelText<HTMLInputElement>(t.notifyEnquiries).checked).toBe(false);
  });

  it("is not offered to staff who cannot view contacts", async () => {
    renderProfile(["product:view-products"]);
    expect(await screen.findByLabelText("Name")).toBeTruthy();
    expect(screen.queryByLabelText(t.notifyEnquiries)).toBeNull();
  });
});
