import { allPermissions } from "@shop/shared/permissions";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { RoleForm, type RoleFormValues } from "./role-form";

const catalogue = allPermissions.map((p) => ({ _id: p.name, ...p }));

function renderForm({ isSuperAdmin = true, permissions = [] as string[] } = {}) {
  fakeFetch({ body: { success: true, message: "ok", data: catalogue } });
  const onSave = vi.fn<(values: RoleFormValues) => Promise<void>>(async () => undefined);
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Mia", email: "mia@example.com", isSuperAdmin },
      role: { _id: "r", name: "Manager", permissions: permissions.map((name) => ({ name })) },
    },
  });
  renderRoutes(
    [
      {
        path: "/",
        element: (
          <RoleForm
            submitLabel="Create role"
            failureMessage="Failed to create role"
            onSave={onSave}
            onCancel={() => undefined}
          />
        ),
      },
    ],
    { store },
  );
  return { onSave };
}

const group = (label: string) => screen.getByRole("group", { name: label });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("role form", () => {
  it("groups permissions by module with readable labels", async () => {
    renderForm();
    const products = await screen.findByRole("group", { name: "Products" });
    expect(within(products).getByText("View products")).toBeTruthy();
    expect(within(products).getByText("product:view-products")).toBeTruthy();
    expect(group("Newsletter")).toBeTruthy();
  });

  it("selects and clears a whole module with its select-all", async () => {
    const { onSave } = renderForm();
    const selectAll = await screen.findByRole<HTMLInputElement>("checkbox", {
      name: "Select all Products permissions",
    });
    await userEvent.click(selectAll);
    const products = group("Products");
    for (const box of within(products).getAllByRole<HTMLInputElement>("checkbox")) expect(box.checked).toBe(true);
    expect(within(products).getByText("3 of 3 selected")).toBeTruthy();
    expect(
      within(group("Users"))
        .getAllByRole<HTMLInputElement>("checkbox")
        .some((box) => box.checked),
    ).toBe(false);

    await userEvent.type(screen.getByLabelText("Name"), "Catalogue");
    await userEvent.click(screen.getByRole("button", { name: "Create role" }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      name: "Catalogue",
      description: "",
      permissions: ["product:create-product", "product:view-products", "product:update-product"],
      requireTwoFactor: false,
    });

    await userEvent.click(selectAll);
    expect(selectAll.checked).toBe(false);
  });

  it("filters the permissions with the search box", async () => {
    renderForm();
    await screen.findByRole("group", { name: "Products" });
    await userEvent.type(screen.getByLabelText("Search permissions"), "subscri");

    await vi.waitFor(() => expect(screen.queryByRole("group", { name: "Products" })).toBeNull());
    const newsletter = group("Newsletter");
    expect(within(newsletter).getAllByRole("checkbox").length).toBe(4);
    expect(within(newsletter).getByText("View subscribers")).toBeTruthy();

    await userEvent.clear(screen.getByLabelText("Search permissions"));
    await userEvent.type(screen.getByLabelText("Search permissions"), "no such thing");
    expect(await screen.findByText('No permissions found matching "no such thing"')).toBeTruthy();
  });

  it("does not let a viewer grant what they lack", async () => {
    renderForm({ isSuperAdmin: false, permissions: ["product:view-products", "roles:create-update-role"] });
    const products = await screen.findByRole("group", { name: "Products" });
    expect(within(products).getByRole<HTMLInputElement>("checkbox", { name: /View products/ }).disabled).toBe(false);
    expect(within(products).getByRole<HTMLInputElement>("checkbox", { name: /Create products/ }).disabled).toBe(true);

    await userEvent.click(screen.getByRole("checkbox", { name: "Select all Products permissions" }));
    expect(within(products).getByRole<HTMLInputElement>("checkbox", { name: /View products/ }).checked).toBe(true);
    expect(within(products).getByRole<HTMLInputElement>("checkbox", { name: /Create products/ }).checked).toBe(false);
  });

  it("asks for a name", async () => {
    const { onSave } = renderForm();
    await screen.findByRole("group", { name: "Products" });
    await userEvent.click(screen.getByRole("button", { name: "Create role" }));
    expect(await screen.findByText("Role name must be at least 2 characters")).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});
