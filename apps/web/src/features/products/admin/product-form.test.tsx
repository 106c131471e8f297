import type { ProductDto } from "@shop/shared/schemas/products";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ProductCreatePage } from "./product-create-page";
import { ProductEditPage } from "./product-edit-page";

const lockId = "0195a1b2-0000-7000-8000-000000000001";
const sensorId = "0195a1b2-0000-7000-8000-000000000002";
const subId = "0195a1b2-0000-7000-8000-000000000003";
const productId = "0195a1b2-0000-7000-8000-000000000009";
const categories = [
  { _id: lockId, name: "Smart Locks", slug: "smart-locks", productCount: 0 },
  { _id: sensorId, name: "Smart Sensors", slug: "smart-sensors", productCount: 0 },
];

const existing: ProductDto = {
  _id: productId,
  name: "Fortress Lock",
  slug: "fortress-lock",
  price: 199.99,
  description: "Fingerprint and PIN.",
  image: "/uploads/products/aaaa-800.webp",
  images: ["/uploads/products/aaaa-800.webp", "/uploads/products/bbbb-800.webp"],
  category: { _id: lockId, name: "Smart Locks", slug: "smart-locks" },
  subcategory: null,
  rating: 0,
  reviewCount: 0,
  features: ["Fingerprint"],
  specifications: { Battery: "4 × AA" },
  compatibility: ["alexa"],
  isNew: false,
  inStock: true,
  status: "active",
  createdAt: "2025-03-05T10:00:00.000Z",
  updatedAt: "2025-03-05T10:00:00.000Z",
};

function renderForm(initialEntry: string) {
  const network = fakeFetch((request) => {
    const url = new URL(request.url);
    if (url.pathname === "/api/categories") return { body: { success: true, message: "ok", data: categories } };
    if (url.pathname === "/api/subcategories") {
      const data =
        url.searchParams.get("categoryId") === lockId ? [{ _id: subId, name: "Deadbolts", slug: "deadbolts" }] : [];
      return { body: { success: true, message: "ok", data } };
    }
    if (request.method === "GET") return { body: { success: true, message: "ok", data: existing } };
    return { status: request.method === "POST" ? 201 : 200, body: { success: true, message: "Saved", data: existing } };
  });
  const store = makeStore();
  const view = renderRoutes(
    [
      { path: "/admin/products", element: <p>Products list</p> },
      { path: "/admin/products/create", element: <ProductCreatePage /> },
      { path: "/admin/products/edit/:id", element: <ProductEditPage /> },
    ],
    { store, initialEntries: [initialEntry] },
  );
  return { ...network, ...view };
}

const writes = (requests: Request[]) => requests.filter((request) => request.method !== "GET");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("product form", () => {
  it("says what is wrong with each field and sends nothing", async () => {
    const { requests } = renderForm("/admin/products/create");
    await userEvent.click(await screen.findByRole("button", { name: "Create product" }));

    expect(await screen.findByText("Name must be at least 2 characters")).toBeTruthy();
    expect(screen.getByText("Price must be greater than 0")).toBeTruthy();
    expect(screen.getByText("Description is required")).toBeTruthy();
    expect(screen.getByText("Category is required")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(writes(requests)).toEqual([]);
  });

  it("creates a product from every field, reloading subcategories by category, then goes back to the list", async () => {
    const { requests, router, store } = renderForm("/admin/products/create");
    await userEvent.type(await screen.findByLabelText("Name"), "Guardian Lock");
    await userEvent.type(screen.getByLabelText("Price (USD)"), "149.5");
    await userEvent.type(screen.getByLabelText("Description"), "Keypad and app access.");
    await userEvent.selectOptions(screen.getByLabelText("Category"), lockId);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Subcategory" }), subId);
    await userEvent.click(screen.getByRole("button", { name: "Add feature" }));
    await userEvent.type(screen.getByLabelText("Feature 1"), "Auto-lock");
    await userEvent.click(screen.getByRole("button", { name: "Add specification" }));
    await userEvent.type(screen.getByLabelText("Specification 1 label"), "Battery");
    await userEvent.type(screen.getByLabelText("Specification 1 value"), "12 months");
    await userEvent.click(screen.getByLabelText("Amazon Alexa"));
    await userEvent.click(screen.getByLabelText("Apple HomeKit"));
    await userEvent.click(screen.getByLabelText("New arrival"));
    await userEvent.click(screen.getByRole("button", { name: "Create product" }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/admin/products"));
    const [post] = writes(requests);
    expect(new URL(post?.url ?? "").pathname).toBe("/api/products");
    expect(await post?.json()).toEqual({
      name: "Guardian Lock",
      price: 149.5,
      description: "Keypad and app access.",
      images: [],
      category: lockId,
      subcategory: subId,
      features: ["Auto-lock"],
      specifications: { Battery: "12 months" },
      compatibility: ["alexa", "homekit"],
      isNew: true,
      inStock: true,
      status: "active",
    });
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain("Product created successfully");
  });

  it("asks before leaving with unsaved changes", async () => {
    const { router } = renderForm("/admin/products/create");
    await userEvent.type(await screen.findByLabelText("Name"), "Half-typed");
    await userEvent.click(screen.getByRole("link", { name: "Cancel" }));

    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(router.state.location.pathname).toBe("/admin/products/create");
    expect(screen.getByLabelText<HTMLInputElement>("Name").value).toBe("Half-typed");

    await userEvent.click(screen.getByRole("link", { name: "Cancel" }));
    await userEvent.click(await screen.findByRole("button", { name: "Leave page" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/admin/products"));
  });

  it("refuses a specification label used twice", async () => {
    const { requests } = renderForm("/admin/products/create");
    await userEvent.click(await screen.findByRole("button", { name: "Add specification" }));
    await userEvent.click(screen.getByRole("button", { name: "Add specification" }));
    await userEvent.type(screen.getByLabelText("Specification 1 label"), "Battery");
    await userEvent.type(screen.getByLabelText("Specification 2 label"), "battery");
    await userEvent.click(screen.getByRole("button", { name: "Create product" }));
    expect(await screen.findByText("Each label may appear once")).toBeTruthy();
    expect(writes(requests)).toEqual([]);
  });

  it("edits only what changed: a new main image moves to the front of the list", async () => {
    const { requests, router } = renderForm(`/admin/products/edit/${productId}`);
    await userEvent.click(await screen.findByRole("button", { name: "Use image 2 as the main image" }));
    await userEvent.clear(screen.getByLabelText("Price (USD)"));
    await userEvent.type(screen.getByLabelText("Price (USD)"), "179");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/admin/products"));
    const [put] = writes(requests);
    expect(new URL(put?.url ?? "").pathname).toBe(`/api/products/${productId}`);
    expect(await put?.json()).toEqual({
      price: 179,
      image: "/uploads/products/bbbb-800.webp",
      images: ["/uploads/products/bbbb-800.webp", "/uploads/products/aaaa-800.webp"],
    });
  });
});
