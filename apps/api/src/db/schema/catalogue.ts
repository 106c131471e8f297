import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";

export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("categories_slug_idx").on(t.slug),
    uniqueIndex("categories_name_lower_idx").on(sql`lower(${t.name})`),
  ],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: id(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("subcategories_category_slug_idx").on(t.categoryId, t.slug)],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull(),
    description: text("description").notNull(),
    image: text("image").notNull().default(""),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: uuid("subcategory_id").references(() => subcategories.id, { onDelete: "set null" }),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    specifications: jsonb("specifications").$type<Record<string, string>>().notNull().default({}),
    compatibility: text("compatibility").array().notNull().default(sql`'{}'::text[]`),
    isNew: boolean("is_new").notNull().default(false),
    inStock: boolean("in_stock").notNull().default(true),
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_slug_idx").on(t.slug),
    // Every list sort, within the status the public always filters on.
    index("products_status_created_idx").on(t.status, t.createdAt.desc()),
    index("products_status_price_idx").on(t.status, t.price),
    index("products_status_name_idx").on(t.status, t.name),
    index("products_status_rating_idx").on(t.status, t.rating),
    index("products_category_idx").on(t.categoryId, t.status),
    index("products_subcategory_idx").on(t.subcategoryId),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("products_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
  ],
);

export const heroBanners = pgTable(
  "hero_banners",
  {
    id: id(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    image: text("image").notNull(),
    ctaLabel: text("cta_label").notNull().default(""),
    ctaLink: text("cta_link").notNull().default(""),
    displayOrder: integer("display_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("hero_banners_order_idx").on(t.isActive, t.displayOrder)],
);
