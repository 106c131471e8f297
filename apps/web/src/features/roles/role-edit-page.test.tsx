import { allPermissions } from "@shop/shared/permissions";
import type { RoleDto } from "@shop/shared/schemas/roles";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { staffWith, toastsOf } from "@/test/store";
import { RoleEditPage } from "./role-edit-page";

const catalogue = allPermissions.map((p) => ({ _id: p.name, ...p }));
const support: RoleDto = {
  _id: "11111111-1111-4111-8111-111111111111",
  name: "Support",
  description: "Answers customers",
  requireTwoFactor: false,
  permissions: [{ name: "contact:view-contacts" }],
  userCount: 3,
  createdAt: "2025-03-05T10:00:00.000Z",
  updatedAt: "2025-03-05T10:00:00.000Z",
};

/** A roles API that answers a PUT with the role as changed, and records what each PUT sent. */
function fakeRoleApi(role: RoleDto) {
  const sent: unknown[] = [];
  fakeFetch(async (request) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/permissions")) return { body: { success: true, message: "ok", data: catalogue } };
    if (request.method === "PUT") {
      const changes = await request.json();
      sent.push(changes);
      return { body: { success: true, message: "Role updated", data: { ...role, ...changes } } };
    }
    return { body: { success: true, message: "ok", data: role } };
  });
  return { sent };
}

function renderEditPage(role: RoleDto) {
  const api = fakeRoleApi(role);
  const store = staffWith(["role:view-roles", "role:create-update-role", "contact:view-contacts"]);
  renderRoutes([{ path: "/admin/manage/roles/edit/:roleId", element: <RoleEditPage /> }], {
    store,
    initialEntries: [`/admin/manage/roles/edit/${role._id}`],
  });
  return { ...api, store };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("role edit page", () => {
  it("sends Require two-factor sign-in when it is the only change", async () => {
    const { sent, store } = renderEditPage(support);
    const twoFactor = await screen.findByRole("checkbox", { name: /Require two-factor sign-in/ });
    await screen.findByRole("group", { name: "Contacts" });

    await userEvent.click(twoFactor);
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(sent).toEqual([{ requireTwoFactor: true }]));
    expect(toastsOf(store)).not.toContain("Nothing has changed.");
    expect(await screen.findByText("Two-factor sign-in now required")).toBeTruthy();
  });

  it("sends turning two-factor off together with the other changes", async () => {
    const { sent } = renderEditPage({ ...support, requireTwoFactor: true });
    const twoFactor = await screen.findByRole<HTMLInputElement>("checkbox", { name: /Require two-factor sign-in/ });
    await screen.findByRole("group", { name: "Contacts" });
    expect(twoFactor.checked).toBe(true);

    await userEvent.click(twoFactor);
    const name = screen.getByLabelText("Name");
    await userEvent.clear(name);
    await userEvent.type(name, "Customer care");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(sent).toEqual([{ name: "Customer care", requireTwoFactor: false }]));
    expect(await screen.findByText("Two-factor sign-in no longer required")).toBeTruthy();
  });

  it("says nothing has changed when the box is ticked and unticked again", async () => {
    const { sent, store } = renderEditPage(support);
    const twoFactor = await screen.findByRole("checkbox", { name: /Require two-factor sign-in/ });
    await screen.findByRole("group", { name: "Contacts" });

    await userEvent.click(twoFactor);
    await userEvent.click(twoFactor);
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(toastsOf(store)).toContain("Nothing has changed."));
    expect(sent).toEqual([]);
  });
});
