import type { ProductDto } from "@shop/shared/schemas/products";

/** A product as the API lists it: active, in stock, unrated, with what a test names of its own. */
export function productOf(overrides: Partial<ProductDto> & Pick<ProductDto, "_id" | "name">): ProductDto {
  return {
    slug: overrides.name.toLowerCase().replace(/\s+/g, "-"),
    price: 49.99,
    description: "",
    image: "",
    images: [],
    category: null,
    subcategory: null,
    rating: 0,
    reviewCount: 0,
    features: [],
    specifications: {},
    compatibility: [],
    isNew: false,
    inStock: true,
    status: "active",
    createdAt: "2025-03-05T10:00:00.000Z",
    updatedAt: "2025-03-05T10:00:00.000Z",
    ...overrides,
  };
}
