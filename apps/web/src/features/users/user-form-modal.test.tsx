import { copy } from "@shop/shared/copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { UserFormModal } from "./user-form-modal";

const roleId = "0190a5b2-0000-7000-8000-000000000001";
const otherRoleId = "0190a5b2-0000-7000-8000-000000000002";
const roles = [
  { _id: roleId, name: "Catalogue", description: "", permissions: [{ name: "product:view-products" }], userCount: 0 },
  { _id: otherRoleId, name: "Auditor", description: "", permissions: [{ name: "roles:view-roles" }], userCount: 0 },
];

const managerPermissions = ["user:create-update-user", "user:deactivate-user", "product:view-products"];

function storeFor(isSuperAdmin: boolean, permissions: string[]) {
  return makeStore({
    user: {
      userInfo: { id: "me", name: "Mia Manager", email: "mia@example.com", isSuperAdmin },
      role: { _id: "r-manager", name: "Manager", permissions: permissions.map((name) => ({ name })) },
    },
  });
}

type Reply = { status?: number; body?: unknown };

function serve(onWrite: (request: Request) => Reply = () => ({ body: { success: true, message: "ok", data: {} } })) {
  return fakeFetch((request) => {
    if (request.method === "GET" && new URL(request.url).pathname === "/api/roles/get-all-role") {
      return { body: { success: true, message: "ok", data: { roles, pagination: { totalRoles: 2 } } } };
    }
    return onWrite(request);
  });
}

function renderModal({
  user,
  isSuperAdmin = false,
  permissions = managerPermissions,
}: {
  user?: UserDto;
  isSuperAdmin?: boolean;
  permissions?: string[];
} = {}) {
  const onClose = vi.fn();
  const store = storeFor(isSuperAdmin, permissions);
  renderRoutes([{ path: "/", element: <UserFormModal user={user} onClose={onClose} /> }], { store });
  return { onClose, store };
}

async function fillCreateForm() {
  await userEvent.type(await screen.findByLabelText("Name"), "Cat Alogue");
  await userEvent.type(screen.getByLabelText("Email"), "cat@example.com");
  await userEvent.type(screen.getByLabelText("Phone"), "0123456789");
  await userEvent.selectOptions(screen.getByLabelText("Role"), roleId);
  await userEvent.type(screen.getByLabelText("Password"), "secret-1");
  await userEvent.type(screen.getByLabelText("Confirm password"), "secret-1");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("create user modal", () => {
  it("says which required fields are missing, without calling the server", async () => {
    const { requests } = serve();
    renderModal();
    await screen.findByLabelText("Name");
    await userEvent.click(screen.getByRole("button", { name: "Create User" }));

    for (const field of ["Name", "Email", "Phone", "Role", "Password"]) {
      expect(await screen.findByText(copy.validation.required(field))).toBeTruthy();
    }
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("checks the password length and that both passwords match", async () => {
    serve();
    renderModal();
    await userEvent.type(await screen.findByLabelText("Password"), "abc");
    await userEvent.type(screen.getByLabelText("Confirm password"), "abd");
    await userEvent.click(screen.getByRole("button", { name: "Create User" }));

    expect(await screen.findByText("Password must be at least 6 characters long")).toBeTruthy();
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
  });

  it("creates the user with the API's fields and closes", async () => {
    const { requests } = serve(() => ({ status: 201, body: { success: true, message: copy.users.created, data: {} } }));
    const { onClose, store } = renderModal();
    await fillCreateForm();
    await userEvent.click(screen.getByRole("button", { name: "Create User" }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((request) => request.method === "POST");
    expect(await post?.json()).toEqual({
      name: "Cat Alogue",
      email: "cat@example.com",
      phone: "0123456789",
      role: roleId,
      password: "secret-1",
    });
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain(copy.users.created);
  });

  it("shows a taken email under the email field and toasts the failure", async () => {
    serve(() => ({
      status: 409,
      body: { success: false, message: copy.users.emailTaken, errors: { email: copy.users.emailTaken } },
    }));
    const { onClose, store } = renderModal();
    await fillCreateForm();
    await userEvent.click(screen.getByRole("button", { name: "Create User" }));

    const message = await screen.findByText(copy.users.emailTaken);
    expect(screen.getByLabelText("Email").getAttribute("aria-describedby")).toContain(message.id);
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain("Failed to create user.");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("offers the super-admin box only to super admins, and roles beyond the viewer's rights disabled", async () => {
    serve();
    renderModal();
    await screen.findByLabelText("Name");
    expect(screen.queryByLabelText("Super admin")).toBeNull();
    const auditor = screen.getByRole<HTMLOptionElement>("option", { name: /Auditor/ });
    expect(auditor.disabled).toBe(true);
    expect(auditor.textContent).toContain("(has permissions you do not have)");
  });

  it("lets a super admin make a super admin", async () => {
    const { requests } = serve(() => ({ status: 201, body: { success: true, message: "ok", data: {} } }));
    renderModal({ isSuperAdmin: true });
    await fillCreateForm();
    await userEvent.click(screen.getByLabelText("Super admin"));
    await userEvent.click(screen.getByRole("button", { name: "Create User" }));
    await vi.waitFor(() => expect(requests.some((request) => request.method === "POST")).toBe(true));
    const body = await requests.find((request) => request.method === "POST")?.json();
    expect(body.isSuperAdmin).toBe(true);
  });
});

describe("edit user modal", () => {
  const sam: UserDto = {
    _id: "0190a5b2-0000-7000-8000-0000000000aa",
    name: "Sam Support",
    email: "sam@example.com",
    phone: "0123456789",
    isSuperAdmin: false,
    isActive: true,
    role: { _id: roleId, name: "Catalogue", permissions: [{ name: "product:view-products" }] },
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
  };

  it("locks the email and sends only the fields that changed", async () => {
    const { requests } = serve(() => ({ body: { success: true, message: copy.users.updated, data: sam } }));
    const { onClose } = renderModal({ user: sam });
    expect(await screen.findByRole("dialog", { name: "Edit User" })).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>("Email")).disabled).toBe(true);

    const phone = screen.getByLabelText("Phone");
    await userEvent.clear(phone);
    await userEvent.type(phone, "0987654321");
    await userEvent.click(screen.getByLabelText("Active"));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = requests.find((request) => request.method === "PUT");
    expect(new URL(put?.url ?? "").pathname).toBe(`/api/users/update-user/${sam._id}`);
    expect(await put?.json()).toEqual({ phone: "0987654321", isActive: false });
  });

  it("leaves the active switch to deactivate-user, and says why", async () => {
    serve();
    renderModal({ user: sam, permissions: ["user:create-update-user", "product:view-products"] });
    const active = await screen.findByLabelText<HTMLInputElement>("Active");
    expect(active.disabled).toBe(true);
    expect(screen.getByText(copy.users.cannotChangeStatus)).toBeTruthy();
  });

  it("locks the form for a user whose role holds a permission the viewer lacks", async () => {
    serve();
    const auditor = {
      ...sam,
      role: { _id: otherRoleId, name: "Auditor", permissions: [{ name: "roles:view-roles" }] },
    };
    renderModal({ user: auditor });
    // Said at the top of the form, and again beside the active switch.
    expect((await screen.findAllByText(copy.users.cannotManageBeyondOwn)).length).toBeGreaterThan(0);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Save changes" }).disabled).toBe(true);
  });

  it("sends nothing when nothing changed, and says so", async () => {
    const { requests } = serve();
    renderModal({ user: sam });
    await userEvent.click(await screen.findByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Nothing has changed.")).toBeTruthy();
    expect(requests.filter((request) => request.method === "PUT")).toEqual([]);
  });

  it("toasts Failed to update user. when the server refuses", async () => {
    serve(() => ({ status: 403, body: { success: false, message: copy.roles.cannotGrant } }));
    const { store } = renderModal({ user: sam });
    const name = await screen.findByLabelText("Name");
    await userEvent.type(name, "x");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(copy.roles.cannotGrant)).toBeTruthy();
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain("Failed to update user.");
  });
});
