import { copy } from "@shop/shared/copy";
import { satisfies } from "@shop/shared/permissions";
import { conflictResponse, okResponse } from "@shop/shared/schemas/common";
import {
  productCreateSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
} from "@shop/shared/schemas/products";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { forbidden } from "../../lib/errors.ts";
import { audit } from "../../plugins/activity.ts";
import { publicRoute, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope } from "../../plugins/cluster.ts";
import { sendCached } from "../../plugins/public-cache.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { productsCacheScope } from "./cache-scope.ts";
import { createProduct, getProduct, listProducts, type ProductChange, updateProduct } from "./service.ts";

const canSeeHidden = (principal: Parameters<typeof satisfies>[0] | null) =>
  principal !== null && satisfies(principal, "product:view-products");

function productFieldChanges({ before, after }: ProductChange) {
  const view = (p: typeof before) => ({
    name: p.name,
    slug: p.slug,
    price: p.price,
    description: p.description,
    image: p.image,
    images: p.images,
    category: p.category?.name ?? null,
    subcategory: p.subcategory?.name ?? null,
    features: p.features,
    specifications: p.specifications,
    compatibility: p.compatibility,
    isNew: p.isNew,
    inStock: p.inStock,
    status: p.status,
  });
  return fieldChanges(view(before), view(after));
}

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  declareCacheScope(app, productsCacheScope);
  app.get(
    "/api/products",
    {
      config: { ...publicRoute, publicCache: {} },
      schema: {
        summary: "List products",
        querystring: productListQuerySchema,
        response: { 200: okResponse(productListSchema) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const hiddenAsked = query.status !== undefined && query.status !== "active";
      if (hiddenAsked && !canSeeHidden(request.principal)) throw forbidden(copy.auth.forbidden);
      const load = async () => ({
        success: true as const,
        message: "Products fetched successfully",
        data: await listProducts(app.db, query, app.publicCache),
      });
      if (hiddenAsked) return load();
      return sendCached(request, reply, load);
    },
  );

  app.get(
    "/api/products/:id",
    {
      config: { ...publicRoute, publicCache: {} },
      schema: {
        summary: "Get a product by its id or slug",
        params: productIdParamsSchema,
        response: { 200: okResponse(productSchema) },
      },
    },
    async (request, reply) => {
      if (canSeeHidden(request.principal)) {
        return {
          success: true,
          message: "Product fetched successfully",
          data: await getProduct(app.db, request.params.id, true, app.publicCache),
        };
      }
      return sendCached(request, reply, async () => ({
        success: true,
        message: "Product fetched successfully",
        data: await getProduct(app.db, request.params.id, false, app.publicCache),
      }));
    },
  );

  app.post(
    "/api/products",
    {
      config: {
        ...requirePermission("product:create-product"),
        activity: { module: "product", action: "Create product" },
      },
      schema: {
        summary: "Create a product",
        body: productCreateSchema,
        response: { 201: okResponse(productSchema), 409: conflictResponse("The slug is taken") },
      },
    },
    async (request, reply) => {
      const product = await createProduct(app.db, request.body);
      await audit(request, {
        module: "product",
        action: "Create product",
        description: `Created product ${product.name}`,
        details: { productId: product._id },
      });
      return reply.status(201).send({ success: true, message: "Product created successfully", data: product });
    },
  );

  app.put(
    "/api/products/:id",
    {
      config: {
        ...requirePermission("product:update-product"),
        activity: { module: "product", action: "Update product" },
      },
      schema: {
        summary: "Update a product",
        params: productIdParamsSchema,
        body: productUpdateSchema,
        response: { 200: okResponse(productSchema), 409: conflictResponse("The slug is taken") },
      },
    },
    async (request) => {
      const change = await updateProduct(app.db, request.params.id, request.body, app.publicCache);
      const deleted = request.body.status === "inactive" && change.before.status !== "inactive";
      const restored = request.body.status === "active" && change.before.status !== "active";
      const action = deleted ? "Delete product" : restored ? "Restore product" : "Update product";
      await audit(request, {
        module: "product",
        action,
        description: `${deleted ? "Deleted" : restored ? "Restored" : "Updated"} product ${change.after.name}`,
        details: { productId: change.after._id, fieldChanges: productFieldChanges(change) },
      });
      return {
        success: true,
        message: deleted ? "Product deleted successfully" : "Product updated successfully",
        data: change.after,
      };
    },
  );
};
