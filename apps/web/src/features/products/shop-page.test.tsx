import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { ScrollRestoration } from "@/app/scroll-restoration";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ShopPage } from "./shop-page";

const category = (slug: string, name: string) => ({
  _id: slug,
  slug,
  name,
  description: "",
  image: null,
  sortOrder: 0,
  productCount: 1,
});
const product = (name: string) => ({
  _id: name,
  name,
  slug: name.toLowerCase().replace(/\W+/g, "-"),
  price: 199.99,
  description: "",
  image: "/uploads/products/abc-800.webp",
  images: [],
  category: { _id: "smart-locks", name: "Smart Locks", slug: "smart-locks" },
  subcategory: null,
  rating: 4.5,
  reviewCount: 10,
  features: [],
  specifications: {},
  compatibility: ["alexa"],
  isNew: false,
  inStock: true,
  status: "active",
  createdAt: "",
  updatedAt: "",
});

function serveCatalogue() {
  return fakeFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/categories") {
      return {
        body: {
          success: true,
          message: "",
          data: [category("smart-locks", "Smart Locks"), category("smart-sensors", "Smart Sensors")],
        },
      };
    }
    return {
      body: {
        success: true,
        message: "",
        data: {
          products: [product("Fortress Fingerprint Lock")],
          pagination: { currentPage: 1, totalPages: 3, totalProducts: 25, productsPerPage: 12 },
        },
      },
    };
  });
}

const productQueries = (requests: Request[]) =>
  requests.map((request) => new URL(request.url)).filter((url) => url.pathname === "/api/products");

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("shop page", () => {
  it("restores the filters from a shared URL: the controls show them and the API is asked for them", async () => {
    const { requests } = serveCatalogue();
    renderRoutes([{ path: "/shop", element: <ShopPage /> }], {
      initialEntries: [
        "/shop?category=smart-locks&compatibility=alexa&inStock=true&sortBy=price&sortOrder=asc&page=2&search=lock",
      ],
    });

    expect(await screen.findByRole("heading", { name: "Fortress Fingerprint Lock" })).toBeTruthy();
    const query = productQueries(requests)[0]?.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      page: "2",
      limit: "12",
      category: "smart-locks",
      compatibility: "alexa",
      inStock: "true",
      sortBy: "price",
      sortOrder: "asc",
      search: "lock",
    });
    await waitFor(() => expect(screen.getByLabelText("Category")).toHaveProperty("value", "smart-locks"));
    expect(screen.getByLabelText("Works with")).toHaveProperty("value", "alexa");
    expect(screen.getByLabelText("In stock only")).toHaveProperty("checked", true);
    expect(screen.getByLabelText("Sort by")).toHaveProperty("value", "price-asc");
    expect(screen.getByLabelText("Search products")).toHaveProperty("value", "lock");
    expect(screen.getByText("25 products")).toBeTruthy();
    const pagination = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pagination).getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
  });

  it("writes each change into the URL and goes back to page 1", async () => {
    const user = userEvent.setup();
    serveCatalogue();
    const { router } = renderRoutes([{ path: "/shop", element: <ShopPage /> }], { initialEntries: ["/shop?page=3"] });
    await screen.findByRole("heading", { name: "Fortress Fingerprint Lock" });
    await screen.findByRole("option", { name: "Smart Sensors" });

    await user.selectOptions(screen.getByLabelText("Category"), "smart-sensors");
    expect(router.state.location.search).toBe("?category=smart-sensors");
    await user.click(screen.getByLabelText("In stock only"));
    await user.selectOptions(screen.getByLabelText("Sort by"), "rating-desc");
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      category: "smart-sensors",
      inStock: "true",
      sortBy: "rating",
      sortOrder: "desc",
    });

    await user.click(screen.getByRole("link", { name: "Page 2" }));
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("2");
    await user.click(screen.getAllByRole("button", { name: "Clear filters" })[0] as HTMLElement);
    expect(router.state.location.search).toBe("");
  });

  it("lands on the results when paging, and stays put when a filter changes", async () => {
    const user = userEvent.setup();
    serveCatalogue();
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    const scrollIntoView = vi.fn();
    // jsdom has no layout, and so no scrollIntoView of its own.
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, "scrollIntoView");
    });
    // The layout's scroll restoration runs after every navigation, the page's own scrolling before it.
    renderRoutes(
      [
        {
          path: "/shop",
          element: (
            <>
              <ScrollRestoration />
              <ShopPage />
            </>
          ),
        },
      ],
      { initialEntries: ["/shop"] },
    );
    await screen.findByRole("heading", { name: "Fortress Fingerprint Lock" });

    await user.click(screen.getByLabelText("Page 2"));
    await waitFor(() => expect(screen.getByLabelText("Page 2").getAttribute("aria-current")).toBe("page"));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    await user.click(screen.getByLabelText("In stock only"));
    await waitFor(() => expect(screen.getByLabelText("In stock only")).toHaveProperty("checked", true));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("links every page of results, filters kept, for crawlers and for visitors without scripts", async () => {
    serveCatalogue();
    renderRoutes([{ path: "/shop", element: <ShopPage /> }], { initialEntries: ["/shop?category=smart-locks&page=2"] });
    await screen.findByRole("heading", { name: "Fortress Fingerprint Lock" });
    const pagination = within(screen.getByRole("navigation", { name: "Pagination" }));
    const hrefOf = (name: string) => pagination.getByRole("link", { name }).getAttribute("href");
    expect(hrefOf("Page 3")).toBe("/shop?category=smart-locks&page=3");
    expect(hrefOf("Next")).toBe("/shop?category=smart-locks&page=3");
    expect(hrefOf("Page 1")).toBe("/shop?category=smart-locks");
    expect(hrefOf("Prev")).toBe("/shop?category=smart-locks");
  });

  it("searches 300 ms after typing stops", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    serveCatalogue();
    const { router } = renderRoutes([{ path: "/shop", element: <ShopPage /> }], { initialEntries: ["/shop"] });
    await screen.findByRole("heading", { name: "Fortress Fingerprint Lock" });

    await user.type(screen.getByLabelText("Search products"), "lock");
    act(() => vi.advanceTimersByTime(250));
    expect(router.state.location.search).toBe("");
    act(() => vi.advanceTimersByTime(60));
    await waitFor(() => expect(router.state.location.search).toBe("?search=lock"));
  });

  it("says when nothing matches and offers to clear the filters", async () => {
    fakeFetch((request) =>
      new URL(request.url).pathname === "/api/products"
        ? {
            body: {
              success: true,
              message: "",
              data: {
                products: [],
                pagination: { currentPage: 1, totalPages: 1, totalProducts: 0, productsPerPage: 12 },
              },
            },
          }
        : { body: { success: true, message: "", data: [] } },
    );
    renderRoutes([{ path: "/shop", element: <ShopPage /> }], { initialEntries: ["/shop?search=zzz"] });
    expect(await screen.findByRole("heading", { name: "No products found" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Clear filters" }).length).toBeGreaterThan(0);
  });

  it("steps back to the last page from a bookmarked page past the end, in place of the dead page", async () => {
    fakeFetch((request) => {
      const url = new URL(request.url);
      if (url.pathname !== "/api/products") return { body: { success: true, message: "", data: [] } };
      // The catalogue shrank to one page since ?page=3 was bookmarked.
      const pastTheEnd = url.searchParams.get("page") === "3";
      return {
        body: {
          success: true,
          message: "",
          data: {
            products: pastTheEnd ? [] : [product("Fortress Fingerprint Lock")],
            pagination: { currentPage: pastTheEnd ? 3 : 1, totalPages: 1, totalProducts: 1, productsPerPage: 12 },
          },
        },
      };
    });
    const { router } = renderRoutes([{ path: "/shop", element: <ShopPage /> }], {
      initialEntries: ["/shop?category=smart-locks", "/shop?page=3"],
    });
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(await screen.findByRole("heading", { name: "Fortress Fingerprint Lock" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "No products found" })).toBeNull();
    // Replaced, not pushed: Back leads to the page before the bookmark, not to the dead end again.
    act(() => router.back());
    expect(router.state.location.search).toBe("?category=smart-locks");
  });

  it("shows the error state with a retry when the products cannot be fetched", async () => {
    fakeFetch((request) =>
      new URL(request.url).pathname === "/api/products"
        ? { status: 500, body: { success: false, message: "" } }
        : { body: { success: true, message: "", data: [] } },
    );
    renderRoutes([{ path: "/shop", element: <ShopPage /> }], { initialEntries: ["/shop"] });
    expect(await screen.findByText("Failed to fetch products", {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
