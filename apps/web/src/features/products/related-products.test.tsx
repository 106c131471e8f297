import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { RelatedProducts } from "./related-products";

const category = { _id: "smart-locks", name: "Smart Locks", slug: "smart-locks" };
const product = (name: string) => ({
  _id: name,
  name,
  slug: name.toLowerCase().replace(/\W+/g, "-"),
  price: 199.99,
  description: "",
  image: "/uploads/products/abc-800.webp",
  images: [],
  category,
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

function serveProducts(names: string[]) {
  return fakeFetch({
    body: {
      success: true,
      message: "",
      data: {
        products: names.map(product),
        pagination: { currentPage: 1, totalPages: 1, totalProducts: names.length, productsPerPage: 5 },
      },
    },
  });
}

const renderRelated = () =>
  renderRoutes([{ path: "/", element: <RelatedProducts productId="Shown Lock" category={category} /> }]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("related products", () => {
  it("leaves the section out when only one other product would be in the row", async () => {
    const { fetchMock } = serveProducts(["Shown Lock", "Other Lock"]);
    renderRelated();

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.queryByRole("heading", { name: "Related products" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Other Lock" })).toBeNull();
  });

  it("shows two other products of the category", async () => {
    serveProducts(["Shown Lock", "Other Lock", "Third Lock"]);
    renderRelated();

    expect(await screen.findByRole("heading", { name: "Other Lock" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Third Lock" })).toBeTruthy();
  });
});
