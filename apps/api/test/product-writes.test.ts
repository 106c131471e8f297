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

  it("reads text only as a plain decimal number, not hex, binary or an exponent", async () => {
    for (const price of ["0x1F", " 0b101 ", "1e3", "12,50", "Infinity"]) {
      const response = await create(newProduct({ price }));
      expect(response.status, price).toBe(400);
      expect(response.body.errors?.price, price).toBeTruthy();
    }
  });

  it("refuses a rating or review count that is no number (null, true, a list), rather than storing 0 or 1", async () => {
    for (const [field, value] of [
      ["rating", null],
      ["rating", true],
      ["rating", [4]],
      ["reviewCount", ""],
      ["reviewCount", "0x10"],
    ] as const) {
      const response = await create(newProduct({ [field]: value }));
      expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400);
    }
    expect((await create(newProduct({ rating: "4.5", reviewCount: 12 }))).body.data).toMatchObject({
      rating: 4.5,
      reviewCount: 12,
    });
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
    expect((await create(newProduct({ specifications }))).body.errors?.specifications).toBe(
      "At most 50 specifications",
    );
  });
});

describe("a product's slug", () => {
  it("refuses a slug chosen on create that another product has, and numbers one made from the name", async () => {
    const first = (await create(newProduct({ name: "Slug Lamp", slug: "slug-lamp" }))).body.data;
    expect(first.slug).toBe("slug-lamp");
    const chosen = await create(newProduct({ name: "Other Lamp", slug: "slug-lamp" }));
    expect(chosen.status).toBe(409);
    expect(chosen.body.errors?.slug).toBe("This slug is already used");
    expect((await create(newProduct({ name: "Slug Lamp" }))).body.data.slug).toBe("slug-lamp-2");
  });

  it("refuses a slug chosen on update that another product has", async () => {
    const taken = (await create(newProduct({ slug: "taken-on-update" }))).body.data;
    const other = (await create(newProduct())).body.data;
    const response = await update(other._id, { slug: taken.slug });
    expect(response.status).toBe(409);
    expect(response.body.errors?.slug).toBe("This slug is already used");
    expect((await update(taken._id, { slug: taken.slug })).status).toBe(200);
  });

  it("gives one of two products racing for a new slug the slug, and the other a 409, never a 500", async () => {
    const racers = [(await create(newProduct())).body.data, (await create(newProduct())).body.data];
    const attempts = racers.flatMap((product) =>
      Array.from({ length: 8 }, () => update(product._id, { slug: "raced" })),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const slugs = await Promise.all(racers.map(async (product) => (await read(product._id)).body.data.slug));
    expect(slugs.filter((slug) => slug === "raced")).toHaveLength(1);
  });
});
