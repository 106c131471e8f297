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
