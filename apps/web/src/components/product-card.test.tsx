import type { ProductDto } from "@shop/shared/schemas/products";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "@/test/render";
import { ProductCard } from "./product-card";

function productWith(rating: number, reviewCount: number): ProductDto {
  return {
    _id: "p1",
    name: "Aura Touch Switch",
    slug: "aura-touch-switch",
    price: 49.99,
    description: "",
    image: "/images/aura.webp",
    images: [],
    category: null,
    subcategory: null,
    rating,
    reviewCount,
    features: [],
    specifications: {},
    compatibility: [],
    isNew: false,
    inStock: true,
    status: "active",
    createdAt: "2025-03-05T10:00:00.000Z",
    updatedAt: "2025-03-05T10:00:00.000Z",
  };
}

function renderCard(product: ProductDto) {
  return renderRoutes([{ path: "/", element: <ProductCard product={product} /> }]);
}

describe("product rating", () => {
  it("shows no stars and no rating text for a product nobody has reviewed yet", () => {
    const { container } = renderCard(productWith(0, 0));
    expect(screen.getByRole("link", { name: "Aura Touch Switch" })).toBeTruthy();
    expect(screen.queryByText(/^Rated /)).toBeNull();
    expect(screen.queryByText(/review/)).toBeNull();
    expect(screen.queryByText("0.0")).toBeNull();
    expect(container.querySelector("svg[viewBox='0 0 120 24']")).toBeNull();
  });

  it("shows the stars, the rating and the review count once there are reviews", () => {
    const { container } = renderCard(productWith(4.6, 182));
    expect(screen.getByText("Rated 4.6 out of 5")).toBeTruthy();
    expect(screen.getByText("4.6")).toBeTruthy();
    expect(screen.getByText("182 reviews")).toBeTruthy();
    expect(container.querySelector("svg[viewBox='0 0 120 24']")).not.toBeNull();
  });
});
