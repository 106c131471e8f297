import { adminCopy } from "@shop/shared/admin-copy";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { renderRoutes } from "@/test/render";
import { AdminLayout } from "./admin-layout";

const supportDesk = {
  userInfo: { id: "u1", name: "Sam Support", email: "sam@example.com", isSuperAdmin: false },
  role: { _id: "r1", name: "Support Desk", permissions: [{ name: "contact:view-contacts" }] },
};

function renderAdmin(url: string) {
  return renderRoutes(
    [
      {
        path: "/admin",
        element: <AdminLayout />,
        children: [
          { path: "contacts", handle: { requirement: "contact" }, element: <h1>contacts page</h1> },
          { path: "manage/users", handle: { requirement: "user:view-users" }, element: <h1>users page</h1> },
        ],
      },
    ],
    { store: makeStore({ user: supportDesk }), initialEntries: [url] },
  );
}

describe("admin layout", () => {
  it("shows a page the user's role allows", async () => {
    renderAdmin("/admin/contacts");
    expect(await screen.findByRole("heading", { name: "contacts page" })).toBeTruthy();
  });

  it("shows a clear no-access screen instead of a page the role does not allow", async () => {
    renderAdmin("/admin/manage/users");
    expect(await screen.findByRole("heading", { name: "You don't have access to this page" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "users page" })).toBeNull();
  });

  it("names the user, their role and email in the top bar", async () => {
    renderAdmin("/admin/contacts");
    expect(await screen.findByText("sam@example.com")).toBeTruthy();
    expect(screen.getByRole("button", { name: /account menu/i }).textContent).toContain("Sam Support (Support Desk)");
  });

  it("keeps the page behind the open drawer out of reach, and gives focus back to its button on Escape", async () => {
    renderAdmin("/admin/contacts");
    const open = await screen.findByRole("button", { name: adminCopy.admin.openSidebar });
    await userEvent.click(open);
    const page = (await screen.findByRole("heading", { name: "contacts page" })).closest("main");
    expect(page?.closest("[inert]")).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    expect(document.activeElement).toBe(open);
    expect(page?.closest("[inert]")).toBeNull();
  });
});
