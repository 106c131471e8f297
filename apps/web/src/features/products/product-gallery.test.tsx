import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProductGallery } from "./product-gallery";

describe("product gallery", () => {
  // A product saved without images reaches the page as images [""] (the API's image is "").
  it("shows a placeholder, and no image element, for a product without an image", () => {
    const { container } = render(<ProductGallery name="Plain Sensor" images={[""]} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[data-placeholder='product-image'] svg")).not.toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows the first image large, and a button for each image when there are several", () => {
    const { container } = render(
      <ProductGallery name="Aura Touch Switch" images={["/images/aura.webp", "/images/aura-side.webp"]} />,
    );
    expect(screen.getByAltText("Aura Touch Switch").getAttribute("src")).toContain("/images/aura");
    expect(screen.getAllByRole("button")).toHaveLength(2);
    expect(container.querySelector("[data-placeholder='product-image']")).toBeNull();
  });
});
