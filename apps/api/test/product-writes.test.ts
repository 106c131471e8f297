import type { CategoryDto, ProductDto } from "@shop/shared/schemas/products";
import { describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

const categories = (await call<CategoryDto[]>(app, { url: "/api/categories" })).body.data;
const switches = categories.find((c) => c.slug === "smart-touch-switches")?._id ?? "";
const photo = "/uploads/products/abcdef0123-800.webp";

let made = 0;
const newProduct = (overrides: Record<string, unknown> = {}) => {
  made += 1;
  return {
    name: `Write Test Switch ${made}`,
    price: 59.5,
    description: "A switch made for testing.",
    category: switches,
    images: [photo],
    ...overrides,
  };
};

const create = (body: Record<string, unknown>) =>
  call<ProductDto>(app, { method: "POST", url: "/api/products", token: admin, body });
const update = (id: string, body: Record<string, unknown>) =>
  call<ProductDto>(app, { method: "PUT", url: `/api/products/${id}`, token: admin, body });
const read = (id: string) => call<ProductDto>(app, { url: `/api/products/${id}` });

describe("a product's images", () => {
  it("removes the last image: the product then has no main image anywhere", async () => {
    const product = (await create(newProduct())).body.data;
    expect(product.image).toBe(photo);
    const cleared = await update(product._id, { images: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ image: "", images: [] });
    expect((await read(product._id)).body.data).toMatchObject({ image: "", images: [] });
  });
});

describe("a product's price", () => {
  it("refuses a price that rounds to nothing, and one that is not a number", async () => {
    for (const price of [0.004, true, "", "abc", null]) {
      const response = await create(newProduct({ price }));
      expect(response.status, String(price)).toBe(400);
      expect(response.body.errors?.price, String(price)).toBeTruthy();
    }
    expect((await create(newProduct({ price: 0.004 }))).body.errors?.price).toBe("Price must be greater than 0");
  });

  it("rounds to cents, and reads a price typed as text", async () => {
    expect((await create(newProduct({ price: 0.005 }))).body.data.price).toBe(0.01);
    expect((await create(newProduct({ price: " 12.346 " }))).body.data.price).toBe(12.35);
  });
});

describe("a product's specifications", () => {
  it("refuses more than 50 on update as on create", async () => {
    const product = (await create(newProduct())).body.data;
    const specifications = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`Label ${i}`, "x"]));
    const response = await update(product._id, { specifications });
    expect(response.status).toBe(400);
    expect(response.body.errors?.specifications).toBe("At most 50 specifications");
    expect((await create(newProduct({ specifications }))).body.errors?.specifications).toBe("At most 50 specifications");
  });
});
