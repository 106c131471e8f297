import type { RoleDto } from "@shop/shared/schemas/roles";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { rowNamed } from "@/test/rows";
import { staffWith, toastsOf } from "@/test/store";
import { RolesPage } from "./roles-page";

const roleOf = (id: string, name: string, userCount: number, permissions: string[]): RoleDto => ({
  _id: id,
  name,
  description: `${name} staff`,
  requireTwoFactor: false,
  permissions: permissions.map((permission) => ({ name: permission })),
  userCount,
  createdAt: "2025-03-05T10:00:00.000Z",
  updatedAt: "2025-03-05T10:00:00.000Z",
});

const editors = roleOf("r-editors", "Editors", 0, ["blog:create-update-post", "product:view-products"]);
const support = roleOf("r-support", "Support", 3, ["contact:view-contacts"]);

/**
 * A roles API with state: a delete takes the role out of the next list; `refuseDelete` answers 409 instead,
 * `dropDeletes` leaves that many deletes without an answer first.
 */
function fakeRolesApi({ refuseDelete, dropDeletes = 0 }: { refuseDelete?: string; dropDeletes?: number } = {}) {
  const roles = [editors, support];
  let dropped = 0;
  return fakeFetch((request) => {
    const url = new URL(request.url);
    if (request.method === "DELETE") {
      if (dropped++ < dropDeletes) throw new TypeError("Failed to fetch");
      if (refuseDelete) return { status: 409, body: { success: false, message: refuseDelete } };
      roles.splice(
        roles.findIndex((role) => url.pathname.endsWith(role._id)),
        1,
      );
      return { body: { success: true, message: "Role deleted successfully", data: null } };
    }
    const search = url.searchParams.get("search")?.toLowerCase() ?? "";
    const found = roles.filter((role) => role.name.toLowerCase().includes(search));
    return {
      body: {
        success: true,
        message: "ok",
        data: {
          roles: found,
          pagination: { currentPage: 1, totalPages: 1, totalRoles: found.length, rolesPerPage: 10 },
        },
      },
    };
  });
}

function renderPage(permissions = ["roles:view-roles", "roles:create-update-role"]) {
  const store = staffWith(permissions);
  return renderRoutes([{ path: "/admin/manage/roles", element: <RolesPage /> }], {
    store,
    initialEntries: ["/admin/manage/roles"],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("roles page", () => {
  it("lists each role with how many users hold it and how many permissions it grants", async () => {
    fakeRolesApi();
    renderPage();
    await screen.findByText("Editors");
    const cells = (name: string) =>
      within(rowNamed(name))
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells("Support").slice(0, 3)).toEqual(["SupportSupport staff", "3", "1"]);
    expect(cells("Editors").slice(0, 3)).toEqual(["EditorsEditors staff", "0", "2"]);
    expect(within(rowNamed("Editors")).getByRole("link", { name: "Edit Editors" }).getAttribute("href")).toBe(
      "/admin/manage/roles/edit/r-editors",
    );
    expect(screen.getByRole("link", { name: "Create Role" }).getAttribute("href")).toBe("/admin/manage/roles/create");
  });

  it("searches by name through the URL", async () => {
    const { requests } = fakeRolesApi();
    const { router } = renderPage();
    await screen.findByText("Editors");
    await userEvent.type(screen.getByRole("searchbox"), "supp");

    await vi.waitFor(() => expect(router.state.location.search).toBe("?search=supp"));
    await vi.waitFor(() => expect(screen.queryByText("Editors")).toBeNull());
    expect(screen.getByText("Support")).toBeTruthy();
    expect(new URL(requests.at(-1)?.url ?? "").searchParams.get("search")).toBe("supp");
  });

  it("deletes an unused role after confirming, and it leaves the list", async () => {
    const { requests } = fakeRolesApi();
    const { store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Editors" }));
    const dialog = screen.getByRole("dialog", { name: "Delete role?" });
    expect(within(dialog).getByText("The role Editors will be deleted. This cannot be undone.")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    await vi.waitFor(() => expect(screen.queryByText("Editors")).toBeNull());
    expect(screen.queryByRole("dialog")).toBeNull();
    const deleted = requests.find((request) => request.method === "DELETE");
    expect(new URL(deleted?.url ?? "").pathname).toBe("/api/roles/r-editors");
    expect(toastsOf(store)).toContain("Role deleted successfully");
  });

  it("says before the click that a role held by users cannot be deleted, and sends nothing", async () => {
    const { requests } = fakeRolesApi();
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Support" }));
    const dialog = screen.getByRole("dialog", { name: "Delete role?" });

    expect(within(dialog).getByText("This role is assigned to 3 users and cannot be deleted")).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>("button", { name: "Delete" }).disabled).toBe(true);
    expect(requests.some((request) => request.method === "DELETE")).toBe(false);
  });

  it("keeps the dialog open with the server's reason when it refuses", async () => {
    const reason = "This role is assigned to 1 user and cannot be deleted";
    fakeRolesApi({ refuseDelete: reason });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Editors" }));
    const dialog = screen.getByRole("dialog", { name: "Delete role?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>("button", { name: "Delete" }).disabled).toBe(true);
    expect(screen.getByText("Editors")).toBeTruthy();
  });

  it("keeps Delete pressable when the delete got no answer, and deletes on the next press", async () => {
    fakeRolesApi({ dropDeletes: 1 });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Editors" }));
    const dialog = screen.getByRole("dialog", { name: "Delete role?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await within(dialog).findByText("Could not reach the server. Please check your connection.")).toBeTruthy();
    const again = within(dialog).getByRole<HTMLButtonElement>("button", { name: "Delete" });
    expect(again.disabled).toBe(false);
    await userEvent.click(again);
    await vi.waitFor(() => expect(screen.queryByText("Editors")).toBeNull());
  });

  it("shows someone who may only view roles no create, edit or delete", async () => {
    fakeRolesApi();
    renderPage(["roles:view-roles"]);
    await screen.findByText("Editors");
    expect(screen.queryByRole("link", { name: "Create Role" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Edit Editors" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Editors" })).toBeNull();
  });
});
