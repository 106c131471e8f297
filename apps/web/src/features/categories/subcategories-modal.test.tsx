import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppStore } from "@/app/store/root-reducer";
import { renderRoutes } from "@/test/render";
import { staffWith, toastsOf } from "@/test/store";
import { CategoriesPage } from "./categories-page";
import { deadbolts, fakeCatalogueApi, locks, type Refusals, writesOf } from "./test-data";

const catalogueStaff = ["product:view-products", "product:create-product", "product:update-product"];

/** The categories page with one category's subcategories opened, as staff reach them. */
async function openSubcategories(category: string, store: AppStore = staffWith(catalogueStaff)) {
  const view = renderRoutes([{ path: "/", element: <CategoriesPage /> }], { store });
  await userEvent.click(await screen.findByRole("button", { name: `Subcategories of ${category}` }));
  return { ...view, dialog: screen.getByRole("dialog", { name: `Subcategories of ${category}` }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a category's subcategories", () => {
  it("lists the category's own subcategories, asked for by its id", async () => {
    const { requests } = fakeCatalogueApi();
    const { dialog } = await openSubcategories("Smart Locks");

    expect(await within(dialog).findByText("Deadbolts")).toBeTruthy();
    expect(within(dialog).getByText("deadbolts")).toBeTruthy();
    const asked = requests.map((r) => new URL(r.url)).find((url) => url.pathname === "/api/subcategories");
    expect(asked?.searchParams.get("categoryId")).toBe(locks._id);
  });

  it("says when a category has none yet", async () => {
    fakeCatalogueApi();
    const { dialog } = await openSubcategories("Smart Sensors");
    expect(await within(dialog).findByText("No subcategories yet.")).toBeTruthy();
  });

  it("refuses a one-letter name and a bad slug, sending nothing", async () => {
    const { requests } = fakeCatalogueApi();
    const { dialog } = await openSubcategories("Smart Locks");
    await within(dialog).findByText("Deadbolts");

    await userEvent.type(within(dialog).getByLabelText("Name"), "K");
    await userEvent.type(within(dialog).getByLabelText("Slug"), "-keypads-");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add subcategory" }));

    expect(await within(dialog).findByText("Name must be at least 2 characters")).toBeTruthy();
    expect(within(dialog).getByText("Use lowercase letters, digits and hyphens")).toBeTruthy();
    expect(await writesOf(requests)).toEqual([]);
  });

  it("adds a subcategory under this category; it joins the list and the form empties", async () => {
    const { requests } = fakeCatalogueApi();
    const { dialog, store } = await openSubcategories("Smart Locks");
    await within(dialog).findByText("Deadbolts");

    await userEvent.type(within(dialog).getByLabelText("Name"), "Keypads");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add subcategory" }));

    expect(await within(dialog).findByText("Keypads")).toBeTruthy();
    expect(await writesOf(requests)).toEqual([
      { method: "POST", path: "/api/subcategories", body: { name: "Keypads", description: "", category: locks._id } },
    ]);
    expect(toastsOf(store)).toContain("Subcategory created successfully");
    expect(within(dialog).getByLabelText<HTMLInputElement>("Name").value).toBe("");
  });

  it("puts the server's taken-name message under Name", async () => {
    const refuse: Refusals = {
      "POST /api/subcategories": {
        status: 409,
        message: "A subcategory with this name already exists",
        errors: { name: "A subcategory with this name already exists" },
      },
    };
    fakeCatalogueApi({ refuse });
    const { dialog } = await openSubcategories("Smart Locks");
    await userEvent.type(within(dialog).getByLabelText("Name"), "Deadbolts");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add subcategory" }));

    expect(await within(dialog).findByText("A subcategory with this name already exists")).toBeTruthy();
    expect(within(dialog).getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
  });

  it("edits one from the list in the same form, and Cancel goes back to adding", async () => {
    const { requests } = fakeCatalogueApi();
    const { dialog, store } = await openSubcategories("Smart Locks");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Edit Deadbolts" }));

    expect(within(dialog).getByRole("heading", { name: "Edit subcategory" })).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>("Name").value).toBe("Deadbolts");
    await userEvent.clear(within(dialog).getByLabelText("Name"));
    await userEvent.type(within(dialog).getByLabelText("Name"), "Smart Deadbolts");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByText("Smart Deadbolts")).toBeTruthy();
    expect(await writesOf(requests)).toEqual([
      {
        method: "PUT",
        path: `/api/subcategories/${deadbolts._id}`,
        body: { name: "Smart Deadbolts", slug: "deadbolts", description: "" },
      },
    ]);
    expect(toastsOf(store)).toContain("Subcategory updated successfully");
    expect(within(dialog).getByRole("heading", { name: "Add subcategory" })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole("button", { name: "Edit Smart Deadbolts" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(within(dialog).getByRole("heading", { name: "Add subcategory" })).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>("Name").value).toBe("");
  });

  it("deletes one after confirming, and it leaves the list", async () => {
    const { requests } = fakeCatalogueApi();
    const { dialog, store } = await openSubcategories("Smart Locks");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Delete Deadbolts" }));
    const confirm = screen.getByRole("dialog", { name: "Delete subcategory?" });
    expect(within(confirm).getByText("The subcategory Deadbolts will be deleted. This cannot be undone.")).toBeTruthy();

    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));

    expect(await within(dialog).findByText("No subcategories yet.")).toBeTruthy();
    expect((await writesOf(requests)).map((w) => `${w.method} ${w.path}`)).toEqual([
      `DELETE /api/subcategories/${deadbolts._id}`,
    ]);
    expect(toastsOf(store)).toContain("Subcategory deleted successfully");
  });

  it("shows a viewer the list only: no form, no edit or delete", async () => {
    fakeCatalogueApi();
    const { dialog } = await openSubcategories("Smart Locks", staffWith(["product:view-products"]));
    await within(dialog).findByText("Deadbolts");

    expect(within(dialog).queryByRole("button", { name: "Edit Deadbolts" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Delete Deadbolts" })).toBeNull();
    expect(within(dialog).queryByLabelText("Name")).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Add subcategory" })).toBeNull();
  });

  it("lets an editor without create rights edit but not add", async () => {
    fakeCatalogueApi();
    const { dialog } = await openSubcategories(
      "Smart Locks",
      staffWith(["product:view-products", "product:update-product"]),
    );
    await within(dialog).findByText("Deadbolts");
    expect(within(dialog).queryByRole("button", { name: "Add subcategory" })).toBeNull();

    await userEvent.click(within(dialog).getByRole("button", { name: "Edit Deadbolts" }));
    expect(within(dialog).getByRole("heading", { name: "Edit subcategory" })).toBeTruthy();
  });
});
