import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { UsersPage } from "./users-page";

const base = { phone: "0123456789", role: null, createdAt: "2025-03-05T10:00:00.000Z", updatedAt: "" };
const me: UserDto = {
  ...base,
  _id: "me",
  name: "Mia Manager",
  email: "mia@example.com",
  isSuperAdmin: false,
  isActive: true,
};
const root: UserDto = {
  ...base,
  _id: "root",
  name: "Ada Admin",
  email: "ada@example.com",
  isSuperAdmin: true,
  isActive: true,
};
const sam: UserDto = {
  ...base,
  _id: "sam",
  name: "Sam Support",
  email: "sam@example.com",
  isSuperAdmin: false,
  isActive: true,
};

type Reply = { status?: number; body?: unknown };

const threeUsers: Reply = {
  body: {
    success: true,
    message: "ok",
    data: {
      users: [me, root, sam],
      roles: [],
      pagination: { currentPage: 1, totalPages: 1, totalUsers: 3, usersPerPage: 10 },
    },
  },
};

function renderPage(
  writeReply: Reply = { body: { success: true, message: copy.users.deactivated, data: sam } },
  listReply: () => Reply | Promise<Reply> = () => threeUsers,
) {
  const listed = fakeFetch((request) => (request.method === "GET" ? listReply() : writeReply));
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Mia Manager", email: "mia@example.com", isSuperAdmin: false },
      role: {
        _id: "r1",
        name: "Manager",
        permissions: [{ name: "user:view-users" }, { name: "user:deactivate-user" }],
      },
    },
  });
  renderRoutes([{ path: "/admin/manage/users", element: <UsersPage /> }], {
    store,
    initialEntries: ["/admin/manage/users"],
  });
  return { ...listed, store };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("users page", () => {
  it("lists users with their role, status and a badge for super admins", async () => {
    renderPage();
    const row = (await screen.findByText("Ada Admin")).closest("tr");
    expect(row && within(row).getByText("Super Admin")).toBeTruthy();
    expect(screen.getByText("Showing 1 to 3 of 3")).toBeTruthy();
    // Without user:create-update-user there is nothing to create or edit with.
    expect(screen.queryByRole("button", { name: "Create User" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
  });

  it("claims no count in the footer while the first page is still loading", async () => {
    renderPage(undefined, () => new Promise<Reply>(() => undefined));
    expect((await screen.findAllByTestId("skeleton-row")).length).toBeGreaterThan(0);
    const footer = screen.getByRole("navigation", { name: adminCopy.table.pagination });
    expect(footer.textContent).not.toMatch(/Showing/);
  });

  it("says why a user cannot be deactivated instead of letting the call fail", async () => {
    renderPage();
    const own = await screen.findByRole<HTMLButtonElement>("button", { name: /^Deactivate Mia Manager/ });
    expect(own.disabled).toBe(true);
    expect(own.getAttribute("aria-label")).toContain(copy.users.cannotDeactivateSelf);
    const superAdmin = screen.getByRole<HTMLButtonElement>("button", { name: /^Deactivate Ada Admin/ });
    expect(superAdmin.disabled).toBe(true);
    expect(superAdmin.getAttribute("aria-label")).toContain("Only a super admin can change a super admin");
  });

  it("deactivates after confirming", async () => {
    const { requests, store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Deactivate Sam Support" }));
    const dialog = screen.getByRole("dialog", { name: "Deactivate user?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = requests.find((request) => request.method === "PUT");
    expect(new URL(put?.url ?? "").pathname).toBe("/api/users/sam");
    expect(await put?.json()).toEqual({ isActive: false });
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain(copy.users.deactivated);
  });

  it("keeps the dialog open with the server's reason when it refuses", async () => {
    renderPage({ body: { success: false, message: copy.users.lastSuperAdmin, data: sam } });
    await userEvent.click(await screen.findByRole("button", { name: "Deactivate Sam Support" }));
    const dialog = screen.getByRole("dialog", { name: "Deactivate user?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain(copy.users.lastSuperAdmin);
  });
});
