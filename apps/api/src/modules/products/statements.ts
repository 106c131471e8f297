import type { ProductListQuery } from "@shop/shared/schemas/products";
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { preparedStatements } from "../../lib/sql.ts";

/**
 * The storefront's hottest queries, each prepared once per shape (see preparedStatements). A list's
 * shape is which filters it asks for, not their values: a handful of combinations. So a list the
 * response cache misses (a new filter, or any list after a staff write) costs PostgreSQL an execute
 * and this process no query building, which was about a tenth of the server's CPU under load.
 */
export type ListShape = {
  status: boolean;
  search: boolean;
  /** "none" when the category or subcategory named does not exist: the list is empty. */
  category?: "id" | "none";
  subcategory?: "ids" | "none";
  compatibility: boolean;
  inStock: boolean;
  isNew: boolean;
  minPrice: boolean;
  maxPrice: boolean;
};

/** The values for a shape's placeholders; absent filters are left out. */
export type ListValues = {
  status?: string;
  pattern?: string;
  categoryId?: string;
  /** A PostgreSQL array literal: PGlite does not turn JS arrays into parameters. */
  subcategoryIds?: string;
  compatibility?: string;
  inStock?: boolean;
  isNew?: boolean;
  minPrice?: number;
  maxPrice?: number;
};

const sortColumns = {
  createdAt: products.createdAt,
  price: products.price,
  name: products.name,
  rating: products.rating,
} as const;

const noMatch = sql`false`;
const value = <K extends keyof ListValues>(name: K) => sql.placeholder(name);

function whereOf(shape: ListShape): SQL | undefined {
  const filters: SQL[] = [];
  if (shape.status) filters.push(eq(products.status, value("status")));
  if (shape.search) {
    const match = or(ilike(products.name, value("pattern")), ilike(products.description, value("pattern")));
    if (match) filters.push(match);
  }
  if (shape.category) filters.push(shape.category === "id" ? eq(products.categoryId, value("categoryId")) : noMatch);
  if (shape.subcategory) {
    filters.push(
      shape.subcategory === "ids" ? sql`${products.subcategoryId} = any(${value("subcategoryIds")}::uuid[])` : noMatch,
    );
  }
  if (shape.compatibility) filters.push(sql`${products.compatibility} @> array[${value("compatibility")}]::text[]`);
  if (shape.inStock) filters.push(eq(products.inStock, value("inStock")));
  if (shape.isNew) filters.push(eq(products.isNew, value("isNew")));
  if (shape.minPrice) filters.push(gte(products.price, value("minPrice")));
  if (shape.maxPrice) filters.push(lte(products.price, value("maxPrice")));
  return filters.length > 0 ? and(...filters) : undefined;
}

function pageQuery(db: Db, shape: ListShape, sortBy: ProductListQuery["sortBy"], sortOrder: "asc" | "desc") {
  const order = sortOrder === "asc" ? asc : desc;
  return db
    .select()
    .from(products)
    .where(whereOf(shape))
    .orderBy(order(sortColumns[sortBy]), desc(products.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
}

const countQuery = (db: Db, shape: ListShape) => db.select({ total: count() }).from(products).where(whereOf(shape));

function lookupQuery(db: Db, by: "id" | "slug", includeInactive: boolean) {
  const match = by === "id" ? eq(products.id, sql.placeholder("key")) : eq(products.slug, sql.placeholder("key"));
  return db
    .select()
    .from(products)
    .where(includeInactive ? match : and(match, eq(products.status, "active")));
}

const pages = preparedStatements<ReturnType<typeof pageQuery>>();
const counts = preparedStatements<ReturnType<typeof countQuery>>();
const lookups = preparedStatements<ReturnType<typeof lookupQuery>>();

/** One product by id or slug; only an active one unless `includeInactive`. */
export async function findProduct(db: Db, by: "id" | "slug", key: string, includeInactive: boolean) {
  const statement = lookups(db, `${by}:${includeInactive}`, () => lookupQuery(db, by, includeInactive));
  const [row] = await statement.execute({ key });
  return row;
}

export function listPage(
  db: Db,
  shape: ListShape,
  sort: { sortBy: ProductListQuery["sortBy"]; sortOrder: "asc" | "desc" },
  values: ListValues & { limit: number; offset: number },
) {
  const key = `${JSON.stringify(shape)}:${sort.sortBy}:${sort.sortOrder}`;
  return pages(db, key, () => pageQuery(db, shape, sort.sortBy, sort.sortOrder)).execute(values);
}

export async function countList(db: Db, shape: ListShape, values: ListValues): Promise<number> {
  const [row] = await counts(db, JSON.stringify(shape), () => countQuery(db, shape)).execute(values);
  return row?.total ?? 0;
}
