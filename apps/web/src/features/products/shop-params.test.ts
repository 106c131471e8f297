import { shopPageParams } from "@shop/shared/page-url";
import { describe, expect, it } from "vitest";
import { productParamsFrom, shopFiltersFrom, sortParams } from "./shop-params";

const read = (search: string) => shopFiltersFrom(new URLSearchParams(search));

describe("shop URL state", () => {
  it("reads only the parameters the server renders and caches /shop by (shopPageParams)", () => {
    const names = new Set<string>();
    shopFiltersFrom({
      get(name: string) {
        names.add(name);
        return null;
      },
    });
    expect([...names].sort()).toEqual([...shopPageParams]);
  });

  it("reads every filter from the URL under the API's names", () => {
    const filters = read(
      "search=lock&category=smart-locks&compatibility=homekit&minPrice=50&maxPrice=250&inStock=true&isNew=true&sortBy=price&sortOrder=asc&page=3",
    );
    expect(filters).toMatchObject({
      search: "lock",
      category: "smart-locks",
      compatibility: "homekit",
      minPrice: 50,
      maxPrice: 250,
      inStock: true,
      isNew: true,
      page: 3,
    });
    expect(filters.sort.value).toBe("price-asc");
  });

  it("falls back to the defaults for missing or nonsensical values instead of failing", () => {
    const filters = read("compatibility=siri&minPrice=-5&maxPrice=abc&inStock=yes&sortBy=colour&page=0");
    expect(filters).toMatchObject({
      search: "",
      category: "",
      compatibility: "",
      minPrice: undefined,
      maxPrice: undefined,
      inStock: false,
      isNew: false,
      page: 1,
    });
    expect(filters.sort.value).toBe("createdAt-desc");
  });

  it("reads a page beyond any the API serves (an edited link) as page 1, as it reads a page past the last", () => {
    expect(read("page=100001").page).toBe(1);
    expect(read("page=99999999999").page).toBe(1);
    expect(read("page=100000").page).toBe(100_000);
  });

  it("asks the API only for the filters that are set (it refuses unknown keys)", () => {
    expect(productParamsFrom(read(""))).toEqual({ page: 1, limit: 12 });
    expect(
      productParamsFrom(
        read("category=smart-locks&compatibility=alexa&inStock=true&sortBy=rating&sortOrder=desc&page=2"),
      ),
    ).toEqual({
      page: 2,
      limit: 12,
      category: "smart-locks",
      compatibility: "alexa",
      inStock: true,
      sortBy: "rating",
      sortOrder: "desc",
    });
    expect(productParamsFrom(read("minPrice=0&maxPrice=100&search=%20switch%20"))).toEqual({
      page: 1,
      limit: 12,
      minPrice: 0,
      maxPrice: 100,
      search: "switch",
    });
  });

  it("writes a sort choice as sortBy and sortOrder, and the default as neither", () => {
    expect(sortParams("price-desc")).toEqual({ sortBy: "price", sortOrder: "desc" });
    expect(sortParams("createdAt-desc")).toEqual({ sortBy: "", sortOrder: "" });
  });
});
