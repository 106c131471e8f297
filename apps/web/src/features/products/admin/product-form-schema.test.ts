import type { ProductDto } from "@shop/shared/schemas/products";
import { describe, expect, it } from "vitest";
import { productOf } from "@/test/products";
import { productChangesOf, productFormDefaults, productFormSchema } from "./product-form-schema";

const photo = "/uploads/products/aaaa-800.webp";
const product = productOf({
  _id: "0195a1b2-0000-7000-8000-000000000009",
  name: "Fortress Lock",
  price: 199.99,
  description: "Fingerprint and PIN.",
  image: photo,
  images: [photo],
  category: { _id: "0195a1b2-0000-7000-8000-000000000001", name: "Smart Locks", slug: "smart-locks" },
});

/** The form as loaded for this product, with every image removed. */
const withoutImages = (loaded: ProductDto) => productFormSchema.parse({ ...productFormDefaults(loaded), images: [] });

describe("saving a product's images", () => {
  it("clears the main image when the last image is removed", () => {
    expect(productChangesOf(product, withoutImages(product))).toEqual({ image: "", images: [] });
  });

  it("clears a main image that older data kept outside the list", () => {
    const older = { ...product, images: [] };
    expect(productFormDefaults(older).images).toEqual([photo]);
    expect(productChangesOf(older, withoutImages(older))).toEqual({ image: "" });
  });
});
