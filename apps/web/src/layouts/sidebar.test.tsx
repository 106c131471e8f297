import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import type { UserState } from "@/app/store/user-slice";
import { renderRoutes } from "@/test/render";
import { Sidebar } from "./sidebar";

function renderSidebarFor(user: UserState) {
  renderRoutes([{ path: "*", element: <Sidebar collapsed={false} onToggleCollapsed={() => undefined} /> }], {
    store: makeStore({ user }),
    initialEntries: ["/admin"],
  });
  const nav = screen.getByRole("navigation", { name: "Admin navigation" });
  const ids = Array.from(nav.querySelectorAll<HTMLElement>("[data-testid^='nav-']")).map((item) => item.dataset.testid);
  return { nav: within(nav), ids };
}

const info = { id: "u1", name: "Sam", email: "sam@example.com", isSuperAdmin: false };

describe("admin sidebar", () => {
  it("shows a limited role only the items its permissions allow", () => {
    const { nav, ids } = renderSidebarFor({
      userInfo: info,
      role: {
        _id: "r1",
        name: "Support Desk",
        permissions: [{ name: "contact:view-contacts" }, { name: "newsletter:view-tags" }],
      },
    });

    expect(ids).toEqual(["nav-dashboard", "nav-contacts", "nav-newsletters", "nav-tags"]);
    expect(nav.getByRole("link", { name: "Contacts" }).getAttribute("href")).toBe("/admin/contacts");
    expect(nav.queryByText("Products")).toBeNull();
    expect(nav.queryByText("Subscribers")).toBeNull();
    expect(nav.queryByText("Manage")).toBeNull();
  });

  it("shows a role with no permissions only the dashboard", () => {
    const { ids } = renderSidebarFor({ userInfo: info, role: { _id: "r0", name: "Nobody", permissions: [] } });
    expect(ids).toEqual(["nav-dashboard"]);
  });

  it("shows a super admin every item and sub-item", () => {
    const { ids } = renderSidebarFor({ userInfo: { ...info, isSuperAdmin: true }, role: null });
    expect(ids).toEqual([
      "nav-dashboard",
      "nav-products",
      "nav-hero-banners",
      "nav-contacts",
      "nav-blog",
      "nav-activity-logs",
      "nav-newsletters",
      "nav-subscribers",
      "nav-email-history",
      "nav-statistics",
      "nav-tags",
      "nav-compose",
      "nav-manage",
      "nav-users",
      "nav-roles",
      "nav-settings",
    ]);
  });

  it("opens the Manage submenu for user management without role management", () => {
    const { nav } = renderSidebarFor({
      userInfo: info,
      role: { _id: "r2", name: "HR", permissions: [{ name: "user:view-users" }] },
    });
    expect(nav.getByRole("link", { name: "Users" }).getAttribute("href")).toBe("/admin/manage/users");
    expect(nav.queryByRole("link", { name: "Roles" })).toBeNull();
  });
});
