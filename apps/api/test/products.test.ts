import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import type { CategoryDto, ProductDto, ProductPagination } from "@shop/shared/schemas/products";
import { describe, expect, it } from "vitest";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

type ProductPage = { products: ProductDto[]; pagination: ProductPagination };
const list = (query = "", token?: string) =>
  call<ProductPage>(app, { url: `/api/products${query}`, ...(token && { token }) });
const categories = (await call<CategoryDto[]>(app, { url: "/api/categories" })).body.data;
const categoryId = (slug: string) => categories.find((c) => c.slug === slug)?._id ?? "";

const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: "Test Switch",
  price: 59.5,
  description: "A switch made for testing.",
  category: categoryId("smart-touch-switches"),
  images: ["/uploads/products/abcdef0123-800.webp"],
  features: ["One", "Two"],
  specifications: { Gangs: "2" },
  compatibility: ["alexa"],
  ...overrides,
});

describe("the public catalogue", () => {
  it("lists the six sample products at the spec's prices, newest first", async () => {
    const response = await list("?limit=12");
    expect(response.status).toBe(200);
    expect(response.body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalProducts: 6,
      productsPerPage: 12,
    });
    expect(response.body.data.products.map((p) => p.price).sort()).toEqual(
      [49.99, 199.99, 79.99, 249.99, 199.99, 149.99].sort(),
    );
    const dates = response.body.data.products.map((p) => Date.parse(p.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const [first] = response.body.data.products;
    expect(first).toMatchObject({ status: "active", category: { slug: expect.any(String) } });
    expect(first?.images.length).toBeGreaterThan(0);
  });

  it("filters by category slug or id, compatibility, stock, price and search, and sorts by price", async () => {
    const locks = await list("?category=smart-locks");
    expect(locks.body.data.products.map((p) => p.name).sort()).toEqual([
      "Fortress Fingerprint Lock",
      "Guardian Pro Keypad Lock",
    ]);
    const byId = await list(`?category=${categoryId("smart-locks")}`);
    expect(byId.body.data.pagination.totalProducts).toBe(2);
    const homekit = await list("?compatibility=homekit");
    expect(homekit.body.data.products.every((p) => p.compatibility.includes("homekit"))).toBe(true);
    expect((await list("?inStock=false")).body.data.products.map((p) => p.name)).toEqual([
      "Sentinel Motion & Door Kit",
    ]);
    const cheap = await list("?maxPrice=80&sortBy=price&sortOrder=asc");
    expect(cheap.body.data.products.map((p) => p.price)).toEqual([49.99, 79.99]);
    const search = await list("?search=fingerprint");
    expect(search.body.data.products.map((p) => p.slug)).toContain("fortress-fingerprint-lock");
    expect((await list("?search=100%25")).body.data.pagination.totalProducts).toBe(0);
    const keypads = await list("?subcategory=keypad-locks");
    expect(keypads.body.data.products.map((p) => p.name)).toEqual(["Guardian Pro Keypad Lock"]);
    expect((await list("?subcategory=no-such-thing")).body.data.products).toEqual([]);
    expect((await list("?category=no-such-thing")).body.data.pagination.totalProducts).toBe(0);
    const fresh = await list("?isNew=true&minPrice=100");
    expect(fresh.body.data.products.every((p) => p.isNew && p.price >= 100)).toBe(true);
    expect(fresh.body.data.products.length).toBeGreaterThan(0);
  });

  it("paginates and rejects out-of-range or unknown parameters", async () => {
    const page = await list("?limit=4&page=2");
    expect(page.body.data.products).toHaveLength(2);
    expect(page.body.data.pagination).toMatchObject({ currentPage: 2, totalPages: 2 });
    // Totals from a full page (counted), from a last page (read off it) and past the end (counted).
    for (const [query, totalProducts] of [
      ["?limit=2&page=1&category=smart-locks", 2],
      ["?limit=3&page=1&sortBy=price", 6],
      ["?limit=5&page=2&sortBy=name", 6],
      ["?limit=2&page=9&sortBy=rating", 6],
      ["?limit=5&page=3&inStock=false", 1],
    ] as const) {
      expect((await list(query)).body.data.pagination.totalProducts, query).toBe(totalProducts);
    }
    expect((await list("?limit=101")).status).toBe(400);
    expect((await list("?sortBy=price;drop table products")).status).toBe(400);
    expect((await list("?colour=red")).status).toBe(400);
  });

  it("finds a product by id or slug, and 404s an unknown one", async () => {
    const bySlug = await call<ProductDto>(app, { url: "/api/products/guardian-pro-keypad-lock" });
    expect(bySlug.status).toBe(200);
    const byId = await call<ProductDto>(app, { url: `/api/products/${bySlug.body.data._id}` });
    expect(byId.body.data.name).toBe("Guardian Pro Keypad Lock");
    const missing = await call(app, { url: "/api/products/no-such-thing" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Product not found");
  });

  it("serves repeat reads from the cache with an ETag and a 304", async () => {
    const first = await app.inject({ url: "/api/products?limit=3" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await app.inject({ url: "/api/products?limit=3", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe("managing products", () => {
  it("creates a product with a slug from its name and shows it in the shop at once", async () => {
    await list(); // warm the cache
    const created = await call<ProductDto>(app, {
      method: "POST",
      url: "/api/products",
      token: admin,
      body: newProduct(),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      slug: "test-switch",
      price: 59.5,
      image: "/uploads/products/abcdef0123-800.webp",
    });
    const again = await call<ProductDto>(app, {
      method: "POST",
      url: "/api/products",
      token: admin,
      body: newProduct(),
    });
    expect(again.body.data.slug).toBe("test-switch-2");
    expect((await list()).body.data.pagination.totalProducts).toBe(8);
  });

  it("validates the body with clear field messages", async () => {
    const response = await call(app, {
      method: "POST",
      url: "/api/products",
      token: admin,
      body: newProduct({ price: -1, compatibility: ["siri"], images: ["javascript:alert(1)"], category: "x" }),
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toEqual(
      expect.arrayContaining(["price", "compatibility.0", "images.0", "category"]),
    );
  });

  it("soft-deletes a product: gone from the shop, visible to staff as inactive, logged with the change", async () => {
    const created = await call<ProductDto>(app, {
      method: "POST",
      url: "/api/products",
      token: admin,
      body: newProduct({ name: "Doomed Switch" }),
    });
    const id = created.body.data._id;
    await list(); // warm the cache
    const deleted = await call<ProductDto>(app, {
      method: "PUT",
      url: `/api/products/${id}`,
      token: admin,
      body: { status: "inactive" },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Product deleted successfully");
    expect((await list("?search=Doomed")).body.data.products).toHaveLength(0);
    expect((await call(app, { url: `/api/products/${id}` })).status).toBe(404);
    const hidden = await list("?status=inactive", admin);
    expect(hidden.body.data.products.map((p) => p._id)).toContain(id);
    const logs = await call<{ logs: ActivityLogDto[] }>(app, {
      url: "/api/activity-logs?module=product",
      token: admin,
    });
    const entry = logs.body.data.logs.find((log) => log.action === "Delete product");
    expect(entry?.details).toMatchObject({
      productId: id,
      fieldChanges: { original: { status: "active" }, updated: { status: "inactive" } },
    });
  });

  it("records a price change with original and updated values", async () => {
    const product = (await call<ProductDto>(app, { url: "/api/products/aura-touch-switch-1-gang" })).body.data;
    await call(app, { method: "PUT", url: `/api/products/${product._id}`, token: admin, body: { price: 44.99 } });
    expect((await call<ProductDto>(app, { url: "/api/products/aura-touch-switch-1-gang" })).body.data.price).toBe(
      44.99,
    );
    const logs = await call<{ logs: ActivityLogDto[] }>(app, {
      url: "/api/activity-logs?module=product&search=Updated",
      token: admin,
    });
    expect(logs.body.data.logs[0]?.details?.fieldChanges).toEqual({
      original: { price: 49.99 },
      updated: { price: 44.99 },
    });
  });

  it("keeps inactive products and writes to staff with the right permission", async () => {
    expect((await list("?status=all")).status).toBe(403);
    const viewer = await createStaff(app, admin, ["product:view-products"]);
    expect((await list("?status=all", viewer.token)).status).toBe(200);
    const denied = await call(app, { method: "POST", url: "/api/products", token: viewer.token, body: newProduct() });
    expect(denied.status).toBe(403);
  });
});

describe("categories", () => {
  it("lists the three sample categories with their active product counts", async () => {
    expect(categories.map((c) => c.name)).toEqual(["Smart Touch Switches", "Smart Locks", "Smart Sensors"]);
    expect(categories.find((c) => c.slug === "smart-locks")?.productCount).toBe(2);
    const subs = await call<{ slug: string }[]>(app, {
      url: `/api/subcategories?categoryId=${categoryId("smart-locks")}`,
    });
    expect(subs.body.data.map((s) => s.slug).sort()).toEqual(["fingerprint-locks", "keypad-locks"]);
  });

  it("creates, renames and deletes a category, and refuses one in use with 409", async () => {
    const created = await call<CategoryDto>(app, {
      method: "POST",
      url: "/api/categories",
      token: admin,
      body: { name: "Smart Lighting", description: "Bulbs and strips" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.slug).toBe("smart-lighting");
    const duplicate = await call(app, {
      method: "POST",
      url: "/api/categories",
      token: admin,
      body: { name: "smart lighting" },
    });
    expect(duplicate.status).toBe(409);
    const inUse = await call(app, {
      method: "DELETE",
      url: `/api/categories/${categoryId("smart-locks")}`,
      token: admin,
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/^This category still has 2 products and 2 subcategories/);
    const removed = await call(app, {
      method: "DELETE",
      url: `/api/categories/${created.body.data._id}`,
      token: admin,
    });
    expect(removed.status).toBe(200);
  });
});
