import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { rowNamed } from "@/test/rows";
import { staffWith, toastsOf } from "@/test/store";
import { CategoriesPage } from "./categories-page";
import { fakeCatalogueApi, locks, type Refusals, writesOf } from "./test-data";

const catalogueStaff = ["product:view-products", "product:create-product", "product:update-product"];

function renderPage(store: AppStore = staffWith(catalogueStaff)) {
  return renderRoutes([{ path: "/admin/products/categories", element: <CategoriesPage /> }], {
    store,
    initialEntries: ["/admin/products/categories"],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("categories list", () => {
  it("shows a busy table until the categories arrive, then each with its slug and product count", async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    fakeFetch(() => new Promise((resolve) => (answer = resolve)));
    renderPage();

    const table = screen.getByRole("table", { name: "Categories" });
    expect(table.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByText("Smart Locks")).toBeNull();

    answer({ body: { success: true, message: "ok", data: [locks] } });
    expect(await screen.findByText("Smart Locks")).toBeTruthy();
    expect(within(rowNamed("Smart Locks")).getByText("smart-locks")).toBeTruthy();
    expect(within(rowNamed("Smart Locks")).getByText("Keyless entry")).toBeTruthy();
    expect(within(rowNamed("Smart Locks")).getByText("2")).toBeTruthy();
    await vi.waitFor(() => expect(table.getAttribute("aria-busy")).toBe("false"));
  });

  it("says there are no categories yet, and how to start", async () => {
    fakeCatalogueApi({ categories: [] });
    renderPage();
    expect(await screen.findByText("No categories yet")).toBeTruthy();
    expect(screen.getByText("Add the first category to start grouping products.")).toBeTruthy();
  });

  it("shows the server's reason when the list fails, and Try again loads it", async () => {
    let failing = true;
    fakeFetch(() =>
      failing
        ? { status: 500, body: { success: false, message: "Database unavailable" } }
        : { body: { success: true, message: "ok", data: [locks] } },
    );
    renderPage();

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("This list could not be loaded.")).toBeTruthy();
    expect(within(alert).getByText("Database unavailable")).toBeTruthy();
    expect(screen.queryByText("Smart Locks")).toBeNull();

    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Smart Locks")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("adding and editing a category", () => {
  it("refuses a short name and a slug with capitals and spaces, sending nothing", async () => {
    const { requests } = fakeCatalogueApi();
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Add category" }));
    const dialog = screen.getByRole("dialog", { name: "Add category" });

    await userEvent.type(within(dialog).getByLabelText("Name"), "X");
    await userEvent.type(within(dialog).getByLabelText("Slug"), "Smart Plugs");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));

    expect(await within(dialog).findByText("Name must be at least 2 characters")).toBeTruthy();
    expect(within(dialog).getByText("Use lowercase letters, digits and hyphens")).toBeTruthy();
    expect(within(dialog).getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await writesOf(requests)).toEqual([]);
  });

  it("creates a category: the slug left empty is not sent, the dialog closes and the list shows it", async () => {
    const { requests } = fakeCatalogueApi();
    const { store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Add category" }));
    const dialog = screen.getByRole("dialog", { name: "Add category" });
    await userEvent.type(within(dialog).getByLabelText("Name"), "Smart Plugs");
    await userEvent.type(within(dialog).getByLabelText("Description"), "Switch anything on");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await writesOf(requests)).toEqual([
      {
        method: "POST",
        path: "/api/categories",
        body: { name: "Smart Plugs", description: "Switch anything on", image: null },
      },
    ]);
    expect(toastsOf(store)).toContain("Category created successfully");
    expect(await screen.findByText("Smart Plugs")).toBeTruthy();
    expect(within(rowNamed("Smart Plugs")).getByText("smart-plugs")).toBeTruthy();
  });

  it("puts the server's taken-slug message under Slug and keeps the dialog open", async () => {
    const refuse: Refusals = {
      "POST /api/categories": {
        status: 409,
        message: "A category with this slug already exists",
        errors: { slug: "A category with this slug already exists" },
      },
    };
    fakeCatalogueApi({ refuse });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Add category" }));
    const dialog = screen.getByRole("dialog", { name: "Add category" });
    await userEvent.type(within(dialog).getByLabelText("Name"), "Locks");
    await userEvent.type(within(dialog).getByLabelText("Slug"), "smart-locks");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));

    expect(await within(dialog).findByText("A category with this slug already exists")).toBeTruthy();
    expect(within(dialog).getByLabelText("Slug").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("dialog", { name: "Add category" })).toBeTruthy();
  });

  it("shows a refusal without a field (a 500) at the top of the form", async () => {
    fakeCatalogueApi({ refuse: { "POST /api/categories": { status: 500, message: "" } } });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Add category" }));
    const dialog = screen.getByRole("dialog", { name: "Add category" });
    await userEvent.type(within(dialog).getByLabelText("Name"), "Smart Plugs");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));

    expect(await within(dialog).findByText("Failed to save category")).toBeTruthy();
  });

  it("edits a category, sending only what changed, and the list shows the new name", async () => {
    const network = fakeCatalogueApi();
    const { store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Edit Smart Locks" }));
    const dialog = screen.getByRole("dialog", { name: "Edit category" });
    expect(within(dialog).getByLabelText<HTMLInputElement>("Slug").value).toBe("smart-locks");

    await userEvent.clear(within(dialog).getByLabelText("Name"));
    await userEvent.type(within(dialog).getByLabelText("Name"), "Door Locks");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await writesOf(network.requests)).toEqual([
      { method: "PUT", path: `/api/categories/${locks._id}`, body: { name: "Door Locks" } },
    ]);
    expect(toastsOf(store)).toContain("Category updated successfully");
    expect(await screen.findByText("Door Locks")).toBeTruthy();
  });
});

describe("deleting a category", () => {
  it("asks first, then deletes it and it leaves the list", async () => {
    const network = fakeCatalogueApi();
    const { store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Smart Sensors" }));
    const dialog = screen.getByRole("dialog", { name: "Delete category?" });
    expect(within(dialog).getByText("The category Smart Sensors will be deleted. This cannot be undone.")).toBeTruthy();

    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    await vi.waitFor(() => expect(screen.queryByText("Smart Sensors")).toBeNull());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect((await writesOf(network.requests)).map((w) => `${w.method} ${w.path}`)).toEqual([
      "DELETE /api/categories/0190a5b2-0000-7000-8000-0000000000c2",
    ]);
    expect(toastsOf(store)).toContain("Category deleted successfully");
  });

  it("keeps the dialog open with the server's reason when the category is in use, and only Cancel remains", async () => {
    const reason = "This category still has products. Move them first.";
    fakeCatalogueApi({ refuse: { "DELETE /api/categories/:id": { status: 409, message: reason } } });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Smart Locks" }));
    const dialog = screen.getByRole("dialog", { name: "Delete category?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>("button", { name: "Delete" }).disabled).toBe(true);
    expect(screen.getByText("Smart Locks")).toBeTruthy();

    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps Delete pressable when the server failed rather than refused, and deletes on the next press", async () => {
    const reason = "Something went wrong. Please try again later.";
    fakeCatalogueApi({ refuse: { "DELETE /api/categories/:id": { status: 503, message: reason } } });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Smart Sensors" }));
    const dialog = screen.getByRole("dialog", { name: "Delete category?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await within(dialog).findByText(reason)).toBeTruthy();
    const again = within(dialog).getByRole<HTMLButtonElement>("button", { name: "Delete" });
    expect(again.disabled).toBe(false);
    await userEvent.click(again);
    await vi.waitFor(() => expect(screen.queryByText("Smart Sensors")).toBeNull());
  });
});

describe("who may change categories", () => {
  it.each([
    { who: "a viewer", extra: [], add: false, editAndDelete: false },
    { who: "an editor without create rights", extra: ["product:update-product"], add: false, editAndDelete: true },
    { who: "a creator without edit rights", extra: ["product:create-product"], add: true, editAndDelete: false },
  ])("shows $who the list and the subcategories, add: $add, edit and delete: $editAndDelete", async (role) => {
    fakeCatalogueApi();
    renderPage(staffWith(["product:view-products", ...role.extra]));
    await screen.findByText("Smart Locks");

    const shown = (name: string) => screen.queryByRole("button", { name }) !== null;
    expect(shown("Add category")).toBe(role.add);
    expect(shown("Edit Smart Locks")).toBe(role.editAndDelete);
    expect(shown("Delete Smart Locks")).toBe(role.editAndDelete);
    expect(shown("Subcategories of Smart Locks")).toBe(true);
  });
});
