import type { ProductDto } from "@shop/shared/schemas/products";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { productOf } from "@/test/products";
import { renderRoutes } from "@/test/render";
import { ProductCard } from "./product-card";

function productWith(rating: number, reviewCount: number): ProductDto {
  return productOf({
    _id: "p1",
    name: "Aura Touch Switch",
    slug: "aura-touch-switch",
    image: "/images/aura.webp",
    rating,
    reviewCount,
  });
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

describe("product image", () => {
  // Staff may save a product without images (the API then lists image ""). An <img src=""> asks some
  // browsers for the page itself again and shows an empty box; the cart's line shows a placeholder.
  it("shows a placeholder, and no image element, for a product without an image", () => {
    const { container } = renderCard(productOf({ _id: "p2", name: "Plain Sensor", image: "" }));
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[data-placeholder='product-image'] svg")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Plain Sensor" })).toBeTruthy();
  });

  it("shows the product's image when it has one", () => {
    const { container } = renderCard(productWith(0, 0));
    expect(container.querySelector("img")?.getAttribute("src")).toContain("/images/aura");
    expect(container.querySelector("[data-placeholder='product-image']")).toBeNull();
  });
});
