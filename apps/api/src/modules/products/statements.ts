import type { ProductListQuery } from "@shop/shared/schemas/products";
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { statementName } from "../../lib/sql.ts";

/**
 * The storefront's hottest queries, each built once per shape with placeholders and prepared by name.
 *
 * A list's shape is which filters it asks for, not their values: a handful of combinations. Each gets its query
 * built once, with placeholders, and prepared by name, so a list the response cache misses (a new
 * filter, or any list after a staff write) costs PostgreSQL an execute and this process no query
 * building: building was about a tenth of the server's CPU under the load test.
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

function buildPage(db: Db, shape: ListShape, sortBy: ProductListQuery["sortBy"], sortOrder: "asc" | "desc") {
  const order = sortOrder === "asc" ? asc : desc;
  const query = db
    .select()
    .from(products)
    .where(whereOf(shape))
    .orderBy(order(sortColumns[sortBy]), desc(products.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
  return query.prepare(statementName(query.toSQL().sql));
}

function buildCount(db: Db, shape: ListShape) {
  const query = db.select({ total: count() }).from(products).where(whereOf(shape));
  return query.prepare(statementName(query.toSQL().sql));
}

type PageStatement = ReturnType<typeof buildPage>;
type CountStatement = ReturnType<typeof buildCount>;

function buildLookup(db: Db, by: "id" | "slug", includeInactive: boolean) {
  const match = by === "id" ? eq(products.id, sql.placeholder("key")) : eq(products.slug, sql.placeholder("key"));
  const query = db
    .select()
    .from(products)
    .where(includeInactive ? match : and(match, eq(products.status, "active")));
  return query.prepare(statementName(query.toSQL().sql));
}

type LookupStatement = ReturnType<typeof buildLookup>;

/** Per database (tests open several), per shape. */
const statements = new WeakMap<
  Db,
  { pages: Map<string, PageStatement>; counts: Map<string, CountStatement>; lookups: Map<string, LookupStatement> }
>();

function cacheOf(db: Db) {
  let cache = statements.get(db);
  if (!cache) {
    cache = { pages: new Map(), counts: new Map(), lookups: new Map() };
    statements.set(db, cache);
  }
  return cache;
}

/** One product by id or slug; only an active one unless `includeInactive`. */
export async function findProduct(db: Db, by: "id" | "slug", key: string, includeInactive: boolean) {
  const { lookups } = cacheOf(db);
  const shape = `${by}:${includeInactive}`;
  let statement = lookups.get(shape);
  if (!statement) {
    statement = buildLookup(db, by, includeInactive);
    lookups.set(shape, statement);
  }
  const [row] = await statement.execute({ key });
  return row;
}

export function listPage(
  db: Db,
  shape: ListShape,
  sort: { sortBy: ProductListQuery["sortBy"]; sortOrder: "asc" | "desc" },
  values: ListValues & { limit: number; offset: number },
) {
  const { pages } = cacheOf(db);
  const key = `${JSON.stringify(shape)}:${sort.sortBy}:${sort.sortOrder}`;
  let statement = pages.get(key);
  if (!statement) {
    statement = buildPage(db, shape, sort.sortBy, sort.sortOrder);
    pages.set(key, statement);
  }
  return statement.execute(values);
}

export async function countList(db: Db, shape: ListShape, values: ListValues): Promise<number> {
  const { counts } = cacheOf(db);
  const key = JSON.stringify(shape);
  let statement = counts.get(key);
  if (!statement) {
    statement = buildCount(db, shape);
    counts.set(key, statement);
  }
  const [row] = await statement.execute(values);
  return row?.total ?? 0;
}
