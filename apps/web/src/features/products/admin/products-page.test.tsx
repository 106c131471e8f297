import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { productOf } from "@/test/products";
import { renderRoutes } from "@/test/render";
import { AdminProductsPage } from "./products-page";

const category = { _id: "c1", name: "Smart Locks", slug: "smart-locks" };

const productAt = (id: string, name: string, price: number) => productOf({ _id: id, name, price, category });

const catalogue = [productAt("p1", "Smart Lock", 199.99), productAt("p2", "Touch Switch", 49.99)];

/** A tiny stand-in for the products API: deletes really take a product out of the active list. */
const catalogueStaff = ["product:view-products", "product:create-product", "product:update-product"];

function renderPage(initialEntry = "/admin/products", permissions = catalogueStaff) {
  const inactive = new Set<string>();
  const network = fakeFetch((request) => {
    const url = new URL(request.url);
    if (url.pathname === "/api/categories") return { body: { success: true, message: "ok", data: [] } };
    if (request.method === "PUT") {
      inactive.add(url.pathname.split("/").at(-1) ?? "");
      return { body: { success: true, message: "Product deleted successfully", data: {} } };
    }
    const wanted = url.searchParams.get("status") ?? "active";
    const products = catalogue.filter((product) => (inactive.has(product._id) ? "inactive" : "active") === wanted);
    return {
      body: {
        success: true,
        message: "ok",
        data: {
          products,
          pagination: { currentPage: 1, totalPages: 1, totalProducts: products.length, productsPerPage: 10 },
        },
      },
    };
  });
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Cara", email: "cara@example.com", isSuperAdmin: false },
      role: {
        _id: "r",
        name: "Catalogue",
        permissions: permissions.map((name) => ({ name })),
      },
    },
  });
  const view = renderRoutes([{ path: "/admin/products", element: <AdminProductsPage /> }], {
    store,
    initialEntries: [initialEntry],
  });
  return { ...network, ...view };
}

const productRequests = (requests: Request[]) =>
  requests.map((request) => new URL(request.url)).filter((url) => url.pathname === "/api/products");

/** The deleted products' list, where the server refuses to restore the `refused` ones. */
function renderRestore(refused: ReadonlySet<string>) {
  fakeFetch((request) => {
    const url = new URL(request.url);
    if (url.pathname === "/api/categories") return { body: { success: true, message: "ok", data: [] } };
    if (request.method === "PUT") {
      return refused.has(url.pathname.split("/").at(-1) ?? "")
        ? { status: 500, body: { success: false, message: "" } }
        : { body: { success: true, message: "ok", data: {} } };
    }
    const pagination = { currentPage: 1, totalPages: 1, totalProducts: 2, productsPerPage: 10 };
    const products = catalogue.map((product) => ({ ...product, status: "inactive" as const }));
    return { body: { success: true, message: "ok", data: { products, pagination } } };
  });
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Cara", email: "cara@example.com", isSuperAdmin: false },
      role: { _id: "r", name: "Catalogue", permissions: [{ name: "product:update-product" }] },
    },
  });
  renderRoutes([{ path: "/admin/products", element: <AdminProductsPage /> }], {
    store,
    initialEntries: ["/admin/products?status=inactive"],
  });
  return { toasts: () => store.getState().ui.notifications.map((n) => n.message) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("admin products page", () => {
  it("reads its list state from the URL and Clear filters restores page 1, 10 a page, newest first", async () => {
    const { requests, router } = renderPage(
      "/admin/products?search=lock&sortBy=price&sortOrder=asc&status=inactive&minPrice=10&page=2",
    );
    await vi.waitFor(() => {
      const first = productRequests(requests).at(-1);
      expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({
        page: "2",
        limit: "10",
        sortBy: "price",
        sortOrder: "asc",
        search: "lock",
        status: "inactive",
        minPrice: "10",
      });
    });
    // An active panel filter opens the panel.
    expect(screen.getByRole("button", { name: "Hide filters" }).getAttribute("aria-expanded")).toBe("true");

    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));

    expect(router.state.location.search).toBe("");
    await vi.waitFor(() => {
      const last = productRequests(requests).at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
        page: "1",
        limit: "10",
        sortBy: "createdAt",
        sortOrder: "desc",
        status: "active",
      });
    });
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("offers the hidden and deleted products only to staff the API shows them to", async () => {
    renderPage("/admin/products", ["product:update-product"]);
    await userEvent.click(await screen.findByRole("button", { name: "Show filters" }));
    expect(screen.getByRole("combobox", { name: "Category" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Status" })).toBeNull();
  });

  it("puts sorting and the debounced search in the URL, back on page 1", async () => {
    const { router } = renderPage("/admin/products?page=3");
    await screen.findByText("Smart Lock");

    await userEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(router.state.location.search).toBe("?sortBy=name&sortOrder=asc");

    await userEvent.type(screen.getByRole("searchbox"), "switch");
    await vi.waitFor(() => expect(router.state.location.search).toBe("?sortBy=name&sortOrder=asc&search=switch"));
  });

  it("soft-deletes a product after confirming: it leaves the list and the selection", async () => {
    const { requests, store } = renderPage();
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select Smart Lock" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Touch Switch" }));
    expect(screen.getByText("2 selected")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Delete Smart Lock" }));
    const dialog = screen.getByRole("dialog", { name: "Delete product?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    await vi.waitFor(() => expect(screen.queryByText("Smart Lock")).toBeNull());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("1 selected")).toBeTruthy();
    const put = requests.find((request) => request.method === "PUT");
    expect(new URL(put?.url ?? "").pathname).toBe("/api/products/p1");
    expect(await put?.json()).toEqual({ status: "inactive" });
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain("Product deleted successfully");
  });

  it("steps back to the last page that has rows when a delete empties the last one, in place of that page", async () => {
    // Eleven products, ten a page: page 2 holds one, and deleting it leaves a page 2 past the end.
    const eleven = Array.from({ length: 11 }, (_, index) => productAt(`p${index + 1}`, `Product ${index + 1}`, 10));
    const gone = new Set<string>();
    const { requests } = fakeFetch((request) => {
      const url = new URL(request.url);
      if (request.method === "PUT") {
        gone.add(url.pathname.split("/").at(-1) ?? "");
        return { body: { success: true, message: "Product deleted successfully", data: {} } };
      }
      const page = Number(url.searchParams.get("page"));
      const active = eleven.filter((product) => !gone.has(product._id));
      const pagination = {
        currentPage: page,
        totalPages: Math.max(1, Math.ceil(active.length / 10)),
        totalProducts: active.length,
        productsPerPage: 10,
      };
      return {
        body: {
          success: true,
          message: "ok",
          data: { products: active.slice((page - 1) * 10, page * 10), pagination },
        },
      };
    });
    const store = makeStore({
      user: {
        userInfo: { id: "me", name: "Cara", email: "cara@example.com", isSuperAdmin: false },
        role: { _id: "r", name: "Catalogue", permissions: [{ name: "product:update-product" }] },
      },
    });
    const { router } = renderRoutes(
      [
        { path: "/", element: <p>start</p> },
        { path: "/admin/products", element: <AdminProductsPage /> },
      ],
      { store, initialEntries: ["/", "/admin/products?page=2"] },
    );

    await userEvent.click(await screen.findByRole("button", { name: "Delete Product 11" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Product 10")).toBeTruthy();
    expect(router.state.location.search).toBe("");
    expect(screen.queryByText("No products found")).toBeNull();
    expect(screen.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    expect(productRequests(requests).at(-1)?.searchParams.get("page")).toBe("1");
    // The empty page 2 was replaced, not stacked: Back leaves the list rather than returning to it.
    act(() => router.back());
    expect(router.state.location.pathname).toBe("/");
  });

  it("says so when restoring a product fails", async () => {
    const { toasts } = renderRestore(new Set(["p1"]));
    await userEvent.click(await screen.findByRole("button", { name: "Restore Smart Lock" }));
    await vi.waitFor(() => expect(toasts()).toEqual(["Failed to restore product"]));
  });

  it("says so when part of a selection could not be restored, and keeps that part selected", async () => {
    const { toasts } = renderRestore(new Set(["p1"]));
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select all on this page" }));
    await userEvent.click(screen.getByRole("button", { name: "Restore" }));
    await vi.waitFor(() => expect(toasts()).toEqual(["Product restored successfully", "Failed to restore product"]));
    expect(screen.getByText("1 selected")).toBeTruthy();
  });

  it("bulk-deletes the selected products and clears them from the selection", async () => {
    const { requests } = renderPage();
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select all on this page" }));
    await userEvent.click(screen.getByRole("button", { name: "Delete selected" }));
    const dialog = screen.getByRole("dialog", { name: "Delete 2 products?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("No products found")).toBeTruthy();
    expect(screen.queryByText(/selected$/)).toBeNull();
    const puts = requests.filter((request) => request.method === "PUT").map((request) => new URL(request.url).pathname);
    expect(puts.sort()).toEqual(["/api/products/p1", "/api/products/p2"]);
  });
});
