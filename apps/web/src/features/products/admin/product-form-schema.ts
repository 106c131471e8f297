import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { idSchema } from "@shop/shared/schemas/common";
import {
  compatibilityValues,
  type ProductCreate,
  type ProductDto,
  type ProductUpdate,
  productCreateSchema,
} from "@shop/shared/schemas/products";
import { z } from "zod";

const t = backofficeCopy.productForm;
const fields = productCreateSchema.shape;

/**
 * The product form's values, checked with the shared product schema's own field rules. Features
 * and specifications are rows here (field arrays need objects), a record and a list in the API.
 */
export const productFormSchema = z
  .object({
    name: fields.name,
    price: fields.price,
    description: fields.description,
    category: z.string().min(1, t.categoryRequired).pipe(idSchema),
    /** "" is no subcategory. */
    subcategory: z.union([z.literal(""), idSchema]),
    images: fields.images,
    features: z.array(z.object({ value: z.string().trim().min(1, t.featureRequired).max(200) })).max(30),
    specifications: z
      .array(z.object({ label: z.string().trim().min(1, t.labelRequired).max(80), value: z.string().trim().max(500) }))
      .max(50),
    compatibility: z.array(z.enum(compatibilityValues)),
    isNew: z.boolean(),
    inStock: z.boolean(),
  })
  .superRefine((values, context) => {
    const seen = new Set<string>();
    values.specifications.forEach((row, index) => {
      const key = row.label.trim().toLowerCase();
      if (key && seen.has(key)) {
        context.addIssue({ code: "custom", message: t.duplicateLabel, path: ["specifications", index, "label"] });
      }
      seen.add(key);
    });
  });

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** An empty form, or the product as loaded. */
export function productFormDefaults(product?: ProductDto): ProductFormInput {
  if (!product) {
    return {
      name: "",
      price: "",
      description: "",
      category: "",
      subcategory: "",
      images: [],
      features: [],
      specifications: [],
      compatibility: [],
      isNew: false,
      inStock: true,
    };
  }
  // A main image missing from the list (older data) leads the list here, so it stays the main one.
  const images =
    product.image && !product.images.includes(product.image) ? [product.image, ...product.images] : product.images;
  return {
    name: product.name,
    price: String(product.price),
    description: product.description,
    category: product.category?._id ?? "",
    subcategory: product.subcategory?._id ?? "",
    images,
    features: product.features.map((value) => ({ value })),
    specifications: Object.entries(product.specifications).map(([label, value]) => ({ label, value })),
    compatibility: product.compatibility,
    isNew: product.isNew,
    inStock: product.inStock,
  };
}

/** What POST /products receives: the first image is the main one. */
export function productPayloadOf(values: ProductFormValues): ProductCreate {
  const [main] = values.images;
  return {
    name: values.name,
    price: values.price,
    description: values.description,
    ...(main !== undefined && { image: main }),
    images: values.images,
    category: values.category,
    subcategory: values.subcategory === "" ? null : values.subcategory,
    features: values.features.map((feature) => feature.value),
    specifications: Object.fromEntries(values.specifications.map((row) => [row.label, row.value])),
    compatibility: values.compatibility,
    isNew: values.isNew,
    inStock: values.inStock,
    status: "active",
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what differs from the product as loaded: PUT /products/:id takes partial updates. */
export function productChangesOf(product: ProductDto, values: ProductFormValues): ProductUpdate {
  const next = productPayloadOf(values);
  const subcategory = product.subcategory?._id ?? null;
  // No image left is sent as "": the product shown may carry a main image outside its list (older data).
  const image = next.image ?? "";
  return {
    ...(next.name !== product.name && { name: next.name }),
    ...(next.price !== product.price && { price: next.price }),
    ...(next.description !== product.description && { description: next.description }),
    ...(image !== product.image && { image }),
    ...(!same(next.images, product.images) && { images: next.images }),
    ...(next.category !== product.category?._id && { category: next.category }),
    ...(next.subcategory !== subcategory && { subcategory: next.subcategory }),
    ...(!same(next.features, product.features) && { features: next.features }),
    ...(!same(next.specifications, product.specifications) && { specifications: next.specifications }),
    ...(!same(next.compatibility, product.compatibility) && { compatibility: next.compatibility }),
    ...(next.isNew !== product.isNew && { isNew: next.isNew }),
    ...(next.inStock !== product.inStock && { inStock: next.inStock }),
  };
}
