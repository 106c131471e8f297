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
