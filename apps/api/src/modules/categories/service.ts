import type { CategoryCreate, CategoryDto, SubcategoryDto } from "@shop/shared/schemas/products";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, subcategories } from "../../db/schema/index.ts";
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { slugOfName } from "../../lib/slugs.ts";

const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const categoryMessages = {
  notFound: "Category not found",
  subcategoryNotFound: "Subcategory not found",
  taken: "A category with this name or slug already exists",
  subcategoryTaken: "A subcategory with this slug already exists in this category",
  /** Only when a product or subcategory is added between the count and the delete. */
  inUse: "This category still has products or subcategories and cannot be deleted",
  subcategoryInUse: "This subcategory still has products and cannot be deleted",
  subcategoryUsed: (count: number) =>
    `This subcategory is used by ${countOf(count, "product", "products")} and cannot be moved to another category. ` +
    `Move ${count === 1 ? "the product" : "the products"} first.`,
};

/**
 * Names what still holds a category. Its listed count is active products only, so an admin who sees
 * 0 needs to be told that inactive (deleted) ones still use it.
 */
function categoryInUse(uses: { active: number; inactive: number; subcategories: number }): string | null {
  const parts = [
    uses.active > 0 ? countOf(uses.active, "product", "products") : "",
    uses.inactive > 0 ? countOf(uses.inactive, "inactive (deleted) product", "inactive (deleted) products") : "",
    uses.subcategories > 0 ? countOf(uses.subcategories, "subcategory", "subcategories") : "",
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `This category still has ${list} and cannot be deleted. Move them to another category first.`;
}

// The subquery names the outer table in full: Drizzle leaves a one-table select unqualified.
const activeProductCount = sql<number>`(select count(*)::int from ${products} where ${products.categoryId} = "categories"."id" and ${products.status} = 'active')`;

function toCategoryDto(row: typeof categories.$inferSelect & { productCount: number }): CategoryDto {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    sortOrder: row.sortOrder,
    productCount: Number(row.productCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCategories(db: Db): Promise<CategoryDto[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      image: categories.image,
      sortOrder: categories.sortOrder,
      createdAt: categories.createdAt,
      updatedAt: categories.updatedAt,
      productCount: activeProductCount,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map(toCategoryDto);
}

async function getCategory(db: Db, id: string): Promise<CategoryDto> {
  const found = (await listCategories(db)).find((category) => category._id === id);
  if (!found) throw notFound(categoryMessages.notFound);
  return found;
}

function mapWriteError(error: unknown, taken: string, inUse: string): never {
  if (isUniqueViolation(error)) throw conflict(taken, { name: taken });
  if (isForeignKeyViolation(error)) throw conflict(inUse);
  throw error;
}

export async function createCategory(db: Db, input: CategoryCreate): Promise<CategoryDto> {
  // A slug staff typed is one already (the schema's pattern); else it is made from the name.
  const slug = input.slug ?? slugOfName(input.name, "category");
  const [created] = await db
    .insert(categories)
    .values({
      name: input.name,
      slug,
      description: input.description,
      image: input.image ?? null,
      sortOrder: input.sortOrder,
    })
    .returning({ id: categories.id })
    .catch((error) => mapWriteError(error, categoryMessages.taken, categoryMessages.inUse));
  if (!created) throw new Error("insert returned nothing");
  return getCategory(db, created.id);
}

export async function updateCategory(db: Db, id: string, input: Partial<CategoryCreate>) {
  const before = await getCategory(db, id);
  await db
    .update(categories)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.slug !== undefined && { slug: input.slug }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.image !== undefined && { image: input.image }),
      ...(input.sortOrder !== undefined && { sortOrder: input.sortOrder }),
    })
    .where(eq(categories.id, id))
    .catch((error) => mapWriteError(error, categoryMessages.taken, categoryMessages.inUse));
  return { before, after: await getCategory(db, id) };
}

export async function deleteCategory(db: Db, id: string): Promise<CategoryDto> {
  const category = await getCategory(db, id);
  const [productUses] = await db
    .select({
      active: sql<number>`count(*) filter (where ${products.status} = 'active')::int`,
      inactive: sql<number>`count(*) filter (where ${products.status} <> 'active')::int`,
    })
    .from(products)
    .where(eq(products.categoryId, id));
  const [subcategoryUses] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subcategories)
    .where(eq(subcategories.categoryId, id));
  const inUse = categoryInUse({
    active: Number(productUses?.active ?? 0),
    inactive: Number(productUses?.inactive ?? 0),
    subcategories: Number(subcategoryUses?.count ?? 0),
  });
  if (inUse) throw conflict(inUse);
  await db
    .delete(categories)
    .where(eq(categories.id, id))
    .catch((error) => mapWriteError(error, categoryMessages.taken, categoryMessages.inUse));
  return category;
}

function toSubcategoryDto(row: typeof subcategories.$inferSelect): SubcategoryDto {
  return { _id: row.id, name: row.name, slug: row.slug, category: row.categoryId, description: row.description };
}

export async function listSubcategories(db: Db, categoryId?: string): Promise<SubcategoryDto[]> {
  const rows = await db
    .select()
    .from(subcategories)
    .where(categoryId ? eq(subcategories.categoryId, categoryId) : undefined)
    .orderBy(asc(subcategories.name));
  return rows.map(toSubcategoryDto);
}

async function getSubcategory(db: Db, id: string): Promise<SubcategoryDto> {
  const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id));
  if (!row) throw notFound(categoryMessages.subcategoryNotFound);
  return toSubcategoryDto(row);
}

export async function createSubcategory(
  db: Db,
  input: { category: string; name: string; slug?: string | undefined; description: string },
): Promise<SubcategoryDto> {
  await getCategory(db, input.category);
  const [created] = await db
    .insert(subcategories)
    .values({
      categoryId: input.category,
      name: input.name,
      slug: input.slug ?? slugOfName(input.name, "subcategory"),
      description: input.description,
    })
    .returning({ id: subcategories.id })
    .catch((error) => mapWriteError(error, categoryMessages.subcategoryTaken, categoryMessages.subcategoryInUse));
  if (!created) throw new Error("insert returned nothing");
  return getSubcategory(db, created.id);
}

export async function updateSubcategory(
  db: Db,
  id: string,
  input: {
    category?: string | undefined;
    name?: string | undefined;
    slug?: string | undefined;
    description?: string | undefined;
  },
) {
  const before = await getSubcategory(db, id);
  if (input.category) await getCategory(db, input.category);
  if (input.category !== undefined && input.category !== before.category) {
    // A product keeps its category when its subcategory moves: they would disagree. Inactive ones
    // count too, since restoring one brings the mismatch back to the shop.
    const [uses] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.subcategoryId, id));
    const count = Number(uses?.count ?? 0);
    if (count > 0) throw conflict(categoryMessages.subcategoryUsed(count));
  }
  await db
    .update(subcategories)
    .set({
      ...(input.category !== undefined && { categoryId: input.category }),
      ...(input.name !== undefined && { name: input.name }),
      ...(input.slug !== undefined && { slug: input.slug }),
      ...(input.description !== undefined && { description: input.description }),
    })
    .where(eq(subcategories.id, id))
    .catch((error) => mapWriteError(error, categoryMessages.subcategoryTaken, categoryMessages.subcategoryInUse));
  return { before, after: await getSubcategory(db, id) };
}

export async function deleteSubcategory(db: Db, id: string): Promise<SubcategoryDto> {
  const subcategory = await getSubcategory(db, id);
  const [used] = await db.select({ id: products.id }).from(products).where(eq(products.subcategoryId, id)).limit(1);
  if (used) throw conflict(categoryMessages.subcategoryInUse);
  await db.delete(subcategories).where(eq(subcategories.id, id));
  return subcategory;
}
