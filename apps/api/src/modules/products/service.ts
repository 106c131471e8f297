import type {
  ProductCreate,
  ProductDto,
  ProductListQuery,
  ProductPagination,
  ProductStatus,
  ProductUpdate,
} from "@shop/shared/schemas/products";
import { urlSlug } from "@shop/shared/slugify";
import { eq, ilike, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products, subcategories } from "../../db/schema/index.ts";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import type { ResponseCache } from "../../lib/response-cache.ts";
import { escapeLike, isUuid, pgArray } from "../../lib/sql.ts";
import { countList, findProduct, type ListShape, type ListValues, listPage } from "./statements.ts";

export const productNotFound = "Product not found";
const slugTaken = "This slug is already used";

/** The unique index decides between writers racing for one slug: the loser gets a 409, not a 500. */
function slugConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(slugTaken, { slug: slugTaken });
  throw error;
}

type Ref = { _id: string; name: string; slug: string };

/** Every category and subcategory by id and by slug: a handful of rows, read once per cache lifetime. */
type CatalogueRefs = {
  categories: Map<string, Ref>;
  subcategories: Map<string, Ref>;
  categoryIdBySlug: Map<string, string>;
  subcategoryIdsBySlug: Map<string, string[]>;
};

async function loadRefs(db: Db, cache?: TotalsCache): Promise<CatalogueRefs> {
  const query = async () =>
    JSON.stringify({
      categories: (
        await db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories)
      ).map((row) => ({ _id: row.id, name: row.name, slug: row.slug })),
      subcategories: (
        await db
          .select({ id: subcategories.id, name: subcategories.name, slug: subcategories.slug })
          .from(subcategories)
      ).map((row) => ({ _id: row.id, name: row.name, slug: row.slug })),
    });
  const body = cache ? (await cache.fill("catalogue:refs", query)).body : await query();
  // Every list and product read needs these: read the cached text once, not once per request.
  if (lastRefs?.body === body) return lastRefs.refs;
  const lists: { categories: Ref[]; subcategories: Ref[] } = JSON.parse(body);
  const subcategoryIdsBySlug = new Map<string, string[]>();
  for (const sub of lists.subcategories)
    subcategoryIdsBySlug.set(sub.slug, [...(subcategoryIdsBySlug.get(sub.slug) ?? []), sub._id]);
  const refs = {
    categories: new Map(lists.categories.map((ref) => [ref._id, ref])),
    subcategories: new Map(lists.subcategories.map((ref) => [ref._id, ref])),
    categoryIdBySlug: new Map(lists.categories.map((ref) => [ref.slug, ref._id])),
    subcategoryIdsBySlug,
  };
  lastRefs = { body, refs };
  return refs;
}

/** The refs made from the last text read: equal text, equal refs (they are never changed once made). */
let lastRefs: { body: string; refs: CatalogueRefs } | undefined;

function toProductDto(product: typeof products.$inferSelect, refs: CatalogueRefs): ProductDto {
  const category = product.categoryId ? refs.categories.get(product.categoryId) : undefined;
  const sub = product.subcategoryId ? refs.subcategories.get(product.subcategoryId) : undefined;
  return {
    _id: product.id,
    name: product.name,
    slug: product.slug,
    price: Number(product.price),
    description: product.description,
    image: product.image || product.images[0] || "",
    images: product.images,
    category: category ?? null,
    subcategory: sub ?? null,
    rating: Number(product.rating),
    reviewCount: product.reviewCount,
    features: product.features,
    specifications: product.specifications,
    compatibility: product.compatibility as ProductDto["compatibility"],
    isNew: product.isNew,
    inStock: product.inStock,
    status: product.status as ProductStatus,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/**
 * Remembers list totals per filter so a page that is not in the response cache does not pay for
 * count(*) on every request; it lives in the public cache, so a staff write to the catalogue drops it.
 */
export type TotalsCache = Pick<ResponseCache, "fill">;

export async function listProducts(
  db: Db,
  query: ProductListQuery,
  totals?: TotalsCache,
): Promise<{ products: ProductDto[]; pagination: ProductPagination }> {
  const { page, limit, sortBy, sortOrder, ...filterValues } = query;
  const status = query.status ?? "active";
  // Categories are named by id or slug; the lookup turns slugs into ids so the query needs no join.
  const refs = await loadRefs(db, totals);
  const categoryId = query.category
    ? isUuid(query.category)
      ? query.category
      : refs.categoryIdBySlug.get(query.category)
    : undefined;
  const subcategoryIds = query.subcategory
    ? isUuid(query.subcategory)
      ? [query.subcategory]
      : (refs.subcategoryIdsBySlug.get(query.subcategory) ?? [])
    : [];
  const shape: ListShape = {
    status: status !== "all",
    search: Boolean(query.search),
    ...(query.category && { category: categoryId ? "id" : "none" }),
    ...(query.subcategory && { subcategory: subcategoryIds.length > 0 ? "ids" : "none" }),
    compatibility: query.compatibility !== undefined,
    inStock: query.inStock !== undefined,
    isNew: query.isNew !== undefined,
    minPrice: query.minPrice !== undefined,
    maxPrice: query.maxPrice !== undefined,
  };
  const values: ListValues = {
    ...(shape.status && { status }),
    ...(query.search && { pattern: `%${escapeLike(query.search)}%` }),
    ...(categoryId && { categoryId }),
    ...(subcategoryIds.length > 0 && { subcategoryIds: pgArray(subcategoryIds) }),
    ...(query.compatibility !== undefined && { compatibility: query.compatibility }),
    ...(query.inStock !== undefined && { inStock: query.inStock }),
    ...(query.isNew !== undefined && { isNew: query.isNew }),
    ...(query.minPrice !== undefined && { minPrice: query.minPrice }),
    ...(query.maxPrice !== undefined && { maxPrice: query.maxPrice }),
  };

  const offset = (page - 1) * limit;
  const rows = await listPage(db, shape, { sortBy, sortOrder }, { ...values, limit, offset });
  // A page that is not full is the last one, so it tells the total without count(*): most filtered
  // lists in a shop fit on their first page. Otherwise the total is counted once per filter.
  const lastPage = rows.length < limit && (rows.length > 0 || page === 1);
  const countTotal = async () => String(lastPage ? offset + rows.length : await countList(db, shape, values));
  const totalKey = `products:total:${JSON.stringify(filterValues)}`;
  const total = Number(totals ? (await totals.fill(totalKey, countTotal)).body : await countTotal());
  return {
    products: rows.map((row) => toProductDto(row, refs)),
    pagination: {
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      totalProducts: total,
      productsPerPage: limit,
    },
  };
}

/** By id or slug. Inactive products exist only for staff who may see them. */
export async function getProduct(
  db: Db,
  idOrSlugValue: string,
  includeInactive = false,
  refsCache?: TotalsCache,
): Promise<ProductDto> {
  const row = await findProduct(db, isUuid(idOrSlugValue) ? "id" : "slug", idOrSlugValue, includeInactive);
  if (!row) throw notFound(productNotFound);
  return toProductDto(row, await loadRefs(db, refsCache));
}

async function assertCategory(db: Db, categoryId: string, subcategoryId: string | null | undefined): Promise<void> {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!category) throw badRequest("Category not found", { category: "Category not found" });
  if (!subcategoryId) return;
  const [sub] = await db
    .select({ categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, subcategoryId));
  if (!sub || sub.categoryId !== categoryId) {
    throw badRequest("Subcategory not found in this category", {
      subcategory: "Subcategory not found in this category",
    });
  }
}

/** A slug made from the name, with -2, -3… until it is free (a slug staff chose is never renamed). */
async function freeSlug(db: Db, wanted: string): Promise<string> {
  const base = urlSlug(wanted) || "product";
  const taken = await db
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), ilike(products.slug, `${escapeLike(base)}-%`)));
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createProduct(db: Db, input: ProductCreate): Promise<ProductDto> {
  await assertCategory(db, input.category, input.subcategory);
  const slug = input.slug ?? (await freeSlug(db, input.name));
  try {
    const [created] = await db
      .insert(products)
      .values({
        name: input.name,
        slug,
        price: input.price,
        description: input.description,
        image: input.image || input.images[0] || "",
        images: input.images.length > 0 ? input.images : input.image ? [input.image] : [],
        categoryId: input.category,
        subcategoryId: input.subcategory ?? null,
        rating: input.rating ?? 0,
        reviewCount: input.reviewCount ?? 0,
        features: input.features,
        specifications: input.specifications,
        compatibility: input.compatibility,
        isNew: input.isNew,
        inStock: input.inStock,
        status: input.status,
      })
      .returning({ id: products.id });
    if (!created) throw new Error("insert returned nothing");
    return getProduct(db, created.id, true);
  } catch (error) {
    slugConflict(error);
  }
}

export type ProductChange = { before: ProductDto; after: ProductDto };

export async function updateProduct(
  db: Db,
  id: string,
  input: ProductUpdate,
  refsCache?: TotalsCache,
): Promise<ProductChange> {
  const before = await getProduct(db, id, true, refsCache);
  const categoryId = input.category ?? before.category?._id;
  if (input.category !== undefined || input.subcategory) {
    if (!categoryId) throw badRequest("Category not found", { category: "Category not found" });
    await assertCategory(db, categoryId, input.subcategory === undefined ? before.subcategory?._id : input.subcategory);
  }
  // A new list brings its first image as the main one unless a main image is sent too: otherwise a
  // removed photo would stay on the card, the gallery and the page's og:image.
  const image = input.image ?? (input.images === undefined ? undefined : (input.images[0] ?? ""));
  const [row] = await db
    .update(products)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.slug !== undefined && { slug: input.slug }),
      ...(input.price !== undefined && { price: input.price }),
      ...(input.description !== undefined && { description: input.description }),
      ...(image !== undefined && { image }),
      ...(input.images !== undefined && { images: input.images }),
      ...(input.category !== undefined && { categoryId: input.category }),
      ...(input.subcategory !== undefined && { subcategoryId: input.subcategory }),
      ...(input.rating !== undefined && { rating: input.rating }),
      ...(input.reviewCount !== undefined && { reviewCount: input.reviewCount }),
      ...(input.features !== undefined && { features: input.features }),
      ...(input.specifications !== undefined && { specifications: input.specifications }),
      ...(input.compatibility !== undefined && { compatibility: input.compatibility }),
      ...(input.isNew !== undefined && { isNew: input.isNew }),
      ...(input.inStock !== undefined && { inStock: input.inStock }),
      ...(input.status !== undefined && { status: input.status }),
    })
    .where(eq(products.id, before._id))
    .returning()
    .catch(slugConflict);
  if (!row) throw notFound(productNotFound);
  // The updated row comes back with the write: one round trip, not a second read.
  return { before, after: toProductDto(row, await loadRefs(db, refsCache)) };
}
