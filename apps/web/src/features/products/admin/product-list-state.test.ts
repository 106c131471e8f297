import { describe, expect, it } from "vitest";
import { type ProductUrlKey, productFiltersOf } from "./product-list-state";

const from = (values: Partial<Record<ProductUrlKey, string>>) => (key: ProductUrlKey) => values[key] ?? "";

describe("product list state", () => {
  it("defaults to page 1, 10 a page, newest first, active products", () => {
    expect(productFiltersOf(from({}), 1)).toEqual({
      page: 1,
      limit: 10,
      sortBy: "createdAt",
      sortOrder: "desc",
      search: undefined,
      category: undefined,
      status: "active",
      inStock: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });

  it("keeps what the API knows and drops what it would refuse", () => {
    const filters = productFiltersOf(
      from({
        sortBy: "DROP TABLE",
        sortOrder: "up",
        limit: "1000",
        status: "deleted",
        inStock: "yes",
        minPrice: "-5",
        maxPrice: "abc",
      }),
      3,
    );
    expect(filters).toMatchObject({ page: 3, limit: 10, sortBy: "createdAt", sortOrder: "desc", status: "active" });
    expect(filters.inStock).toBeUndefined();
    expect(filters.minPrice).toBeUndefined();
    expect(filters.maxPrice).toBeUndefined();
  });

  it("reads a full set of filters", () => {
    expect(
      productFiltersOf(
        from({
          sortBy: "price",
          sortOrder: "asc",
          limit: "20",
          status: "all",
          inStock: "false",
          minPrice: "10",
          maxPrice: "99.5",
        }),
        1,
      ),
    ).toMatchObject({
      sortBy: "price",
      sortOrder: "asc",
      limit: 20,
      status: "all",
      inStock: "false",
      minPrice: 10,
      maxPrice: 99.5,
    });
  });
});
