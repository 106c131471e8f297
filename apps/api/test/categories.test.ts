import type { CategoryDto, ProductDto, SubcategoryDto } from "@shop/shared/schemas/products";
import { describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

const listCategories = async () => (await call<CategoryDto[]>(app, { url: "/api/categories" })).body.data;
const categoryId = async (slug: string) => (await listCategories()).find((c) => c.slug === slug)?._id ?? "";

async function createCategory(name: string) {
  const response = await call<CategoryDto>(app, {
    method: "POST",
    url: "/api/categories",
    token: admin,
    body: { name },
  });
  return response.body.data;
}

async function createProduct(name: string, category: string, subcategory?: string) {
  const response = await call<ProductDto>(app, {
    method: "POST",
    url: "/api/products",
    token: admin,
    body: { name, price: 10, description: "For category tests.", category, ...(subcategory && { subcategory }) },
  });
  return response.body.data;
}

async function createSubcategory(category: string, name: string) {
  const response = await call<SubcategoryDto>(app, {
    method: "POST",
    url: "/api/subcategories",
    token: admin,
    body: { category, name },
  });
  return response.body.data;
}

const softDelete = (id: string) =>
  call(app, { method: "PUT", url: `/api/products/${id}`, token: admin, body: { status: "inactive" } });

describe("deleting a category", () => {
  it("says how many inactive (deleted) products still use a category that shows no products", async () => {
    const category = await createCategory("Retired Range");
    for (const name of ["Retired One", "Retired Two"]) await softDelete((await createProduct(name, category._id))._id);
    expect((await listCategories()).find((c) => c._id === category._id)?.productCount).toBe(0);
    const refused = await call(app, { method: "DELETE", url: `/api/categories/${category._id}`, token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This category still has 2 inactive (deleted) products and cannot be deleted. Move them to another category first.",
    );
  });

  it("names the products and subcategories of a category in use", async () => {
    const refused = await call(app, {
      method: "DELETE",
      url: `/api/categories/${await categoryId("smart-locks")}`,
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This category still has 2 products and 2 subcategories and cannot be deleted. Move them to another category first.",
    );
  });
});

describe("moving a subcategory", () => {
  const move = (id: string, category: string) =>
    call<SubcategoryDto>(app, { method: "PUT", url: `/api/subcategories/${id}`, token: admin, body: { category } });

  it("refuses to move a subcategory that products use, so a product's category and subcategory agree", async () => {
    const from = await createCategory("Move From");
    const to = await createCategory("Move To");
    const sub = await createSubcategory(from._id, "Movers");
    const product = await createProduct("Moved Lamp", from._id, sub._id);
    await softDelete(product._id);
    const refused = await move(sub._id, to._id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This subcategory is used by 1 product and cannot be moved to another category. Move the product first.",
    );
    const read = await call<ProductDto>(app, { url: `/api/products/${product._id}`, token: admin });
    expect(read.body.data).toMatchObject({ category: { _id: from._id }, subcategory: { _id: sub._id } });
  });

  it("moves an unused subcategory", async () => {
    const from = await createCategory("Empty From");
    const to = await createCategory("Empty To");
    const sub = await createSubcategory(from._id, "Unused");
    const moved = await move(sub._id, to._id);
    expect(moved.status).toBe(200);
    expect(moved.body.data.category).toBe(to._id);
  });
});
