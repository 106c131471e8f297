import { z } from "zod";
import {
  booleanQuery,
  idSchema,
  line,
  numeric,
  pageQuery,
  paginationSchema,
  searchQuery,
  sortOrderSchema,
  text,
} from "./common.ts";

export const compatibilityValues = ["alexa", "google", "homekit"] as const;
export type Compatibility = (typeof compatibilityValues)[number];
export const compatibilityLabels: Record<Compatibility, string> = {
  alexa: "Amazon Alexa",
  google: "Google Home",
  homekit: "Apple HomeKit",
};

export const productStatuses = ["active", "inactive"] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** An image is a path we serve (/uploads/…, /images/…) or an absolute http(s) URL. */
export const imageUrlSchema = text(500).refine(
  // Plain http would be blocked as mixed content on an HTTPS shop; the CSP allows https images (security-headers.ts).
  (value) => /^\/(uploads|images|assets)\/[\w\-./]+$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value),
  "Invalid image URL",
);

/** A product's main image; "" is none, so the last photo can be removed. */
const mainImageSchema = z.union([z.literal(""), imageUrlSchema]);

/**
 * A number, or text (the admin form's input) read as one (numeric); nothing else, so `true` is not 1.
 * Rounded to cents before the bounds are checked: 0.004 would otherwise pass and be stored as 0.00.
 */
const money = z
  // An empty price field is no price: said as "greater than 0", as the form has always said it.
  .union([z.literal("").transform(() => 0), numeric("Price must be a number")], { message: "Price must be a number" })
  .transform((value) => Math.round(value * 100) / 100)
  .pipe(
    z
      .number({ message: "Price must be a number" })
      .positive("Price must be greater than 0")
      .max(1_000_000, "Price is too high"),
  );

const slugSchema = text(120).pipe(
  z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and hyphens"),
);

// The list fields once, without defaults: create fills them in, a partial update leaves them out.
const imagesSchema = z.array(imageUrlSchema).max(12, "At most 12 images");
const featuresSchema = z.array(text(200).pipe(z.string().min(1))).max(30);
const specificationsSchema = z
  .record(text(80).pipe(z.string().min(1)), text(500))
  .refine((value) => Object.keys(value).length <= 50, "At most 50 specifications");
const compatibilitySchema = z.array(z.enum(compatibilityValues)).max(3);

const productFields = {
  name: line(150).pipe(z.string().min(2, "Name must be at least 2 characters")),
  slug: slugSchema.optional(),
  price: money,
  description: text(5000).pipe(z.string().min(1, "Description is required")),
  image: mainImageSchema.optional(),
  images: imagesSchema.default([]),
  category: idSchema,
  subcategory: idSchema.nullable().optional(),
  rating: numeric("Rating must be a number").pipe(z.number().min(0).max(5)).optional(),
  reviewCount: numeric("Review count must be a number").pipe(z.number().int().min(0).max(10_000_000)).optional(),
  features: featuresSchema.default([]),
  specifications: specificationsSchema.default({}),
  compatibility: compatibilitySchema.default([]),
  isNew: z.boolean().default(false),
  inStock: z.boolean().default(true),
  status: z.enum(productStatuses).default("active"),
};

export const productCreateSchema = z.strictObject(productFields);
export type ProductCreate = z.infer<typeof productCreateSchema>;

export const productUpdateSchema = z
  .strictObject({
    name: productFields.name.optional(),
    slug: productFields.slug,
    price: productFields.price.optional(),
    description: productFields.description.optional(),
    image: productFields.image,
    images: imagesSchema.optional(),
    category: idSchema.optional(),
    subcategory: idSchema.nullable().optional(),
    rating: productFields.rating,
    reviewCount: productFields.reviewCount,
    features: featuresSchema.optional(),
    specifications: specificationsSchema.optional(),
    compatibility: compatibilitySchema.optional(),
    isNew: z.boolean().optional(),
    inStock: z.boolean().optional(),
    status: z.enum(productStatuses).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to update" });
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const productSortFields = ["createdAt", "price", "name", "rating"] as const;

export const productListQuerySchema = z.strictObject({
  ...pageQuery,
  limit: z.coerce.number().int().min(1).max(100).default(12),
  sortBy: z.enum(productSortFields).default("createdAt"),
  sortOrder: sortOrderSchema,
  search: searchQuery,
  category: text(120).optional(),
  subcategory: text(120).optional(),
  compatibility: z.enum(compatibilityValues).optional(),
  inStock: booleanQuery.optional(),
  isNew: booleanQuery.optional(),
  minPrice: z.coerce.number().min(0).max(1_000_000).optional(),
  maxPrice: z.coerce.number().min(0).max(1_000_000).optional(),
  status: z.enum(["active", "inactive", "all"]).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productIdParamsSchema = z.strictObject({ id: text(120).pipe(z.string().min(1)) });

export const categoryRefSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  description: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  category: categoryRefSchema.nullable(),
  subcategory: categoryRefSchema.nullable(),
  rating: z.number(),
  reviewCount: z.number(),
  features: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  compatibility: z.array(z.enum(compatibilityValues)),
  isNew: z.boolean(),
  inStock: z.boolean(),
  status: z.enum(productStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductDto = z.infer<typeof productSchema>;

export const productPaginationSchema = paginationSchema.extend({
  totalProducts: z.number(),
  productsPerPage: z.number(),
});
export type ProductPagination = z.infer<typeof productPaginationSchema>;

export const productListSchema = z.object({ products: z.array(productSchema), pagination: productPaginationSchema });

export const categoryCreateSchema = z.strictObject({
  name: line(80).pipe(z.string().min(2, "Name must be at least 2 characters")),
  slug: slugSchema.optional(),
  description: text(1000).default(""),
  image: imageUrlSchema.nullable().optional(),
  sortOrder: numeric("Sort order must be a number").pipe(z.number().int().min(0).max(10_000)).default(0),
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;
export const categoryUpdateSchema = categoryCreateSchema.partial();

export const subcategoryCreateSchema = z.strictObject({
  category: idSchema,
  name: line(80).pipe(z.string().min(2, "Name must be at least 2 characters")),
  slug: slugSchema.optional(),
  description: text(1000).default(""),
});
export const subcategoryUpdateSchema = subcategoryCreateSchema.partial();
export const subcategoryListQuerySchema = z.strictObject({ categoryId: idSchema.optional() });

export const categorySchema = categoryRefSchema.extend({
  description: z.string(),
  image: z.string().nullable(),
  sortOrder: z.number(),
  productCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CategoryDto = z.infer<typeof categorySchema>;
export const subcategorySchema = categoryRefSchema.extend({ category: z.string(), description: z.string() });
export type SubcategoryDto = z.infer<typeof subcategorySchema>;
