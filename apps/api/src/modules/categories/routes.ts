import { conflictResponse, idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import {
  categoryCreateSchema,
  categorySchema,
  categoryUpdateSchema,
  subcategoryCreateSchema,
  subcategoryListQuerySchema,
  subcategorySchema,
  subcategoryUpdateSchema,
} from "@shop/shared/schemas/products";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { audit } from "../../plugins/activity.ts";
import { publicRoute, requirePermission } from "../../plugins/auth.ts";
import { sendCached } from "../../plugins/public-cache.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  listCategories,
  listSubcategories,
  updateCategory,
  updateSubcategory,
} from "./service.ts";

const create = requirePermission("product:create-product");
const update = requirePermission("product:update-product");
const label = (action: string) => ({ activity: { module: "product", action } });

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/categories",
    {
      schema: { summary: "List categories", response: { 200: okResponse(z.array(categorySchema)) } },
      config: { ...publicRoute, publicCache: {} },
    },
    (request, reply) =>
      sendCached(request, reply, async () => ({
        success: true as const,
        message: "Categories fetched successfully",
        data: await listCategories(app.db),
      })),
  );

  app.post(
    "/api/categories",
    {
      config: { ...create, ...label("Create category") },
      schema: {
        summary: "Create a category",
        body: categoryCreateSchema,
        response: { 201: okResponse(categorySchema), 409: conflictResponse("The name or slug is taken") },
      },
    },
    async (request, reply) => {
      const category = await createCategory(app.db, request.body);
      await audit(request, {
        module: "product",
        action: "Create category",
        description: `Created category ${category.name}`,
      });
      return reply.status(201).send({ success: true, message: "Category created successfully", data: category });
    },
  );

  app.put(
    "/api/categories/:id",
    {
      config: { ...update, ...label("Update category") },
      schema: {
        summary: "Update a category",
        params: idParamsSchema,
        body: categoryUpdateSchema,
        response: { 200: okResponse(categorySchema), 409: conflictResponse("The name or slug is taken") },
      },
    },
    async (request) => {
      const { before, after } = await updateCategory(app.db, request.params.id, request.body);
      await audit(request, {
        module: "product",
        action: "Update category",
        description: `Updated category ${after.name}`,
        details: { fieldChanges: fieldChanges(before, after) },
      });
      return { success: true, message: "Category updated successfully", data: after };
    },
  );

  app.delete(
    "/api/categories/:id",
    {
      config: { ...update, ...label("Delete category") },
      schema: {
        summary: "Delete a category",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 409: conflictResponse("Products or subcategories still use it") },
      },
    },
    async (request) => {
      const category = await deleteCategory(app.db, request.params.id);
      await audit(request, {
        module: "product",
        action: "Delete category",
        description: `Deleted category ${category.name}`,
      });
      return { success: true, message: "Category deleted successfully" };
    },
  );

  app.get(
    "/api/subcategories",
    {
      config: { ...publicRoute, publicCache: {} },
      schema: {
        summary: "List subcategories",
        querystring: subcategoryListQuerySchema,
        response: { 200: okResponse(z.array(subcategorySchema)) },
      },
    },
    (request, reply) =>
      sendCached(request, reply, async () => ({
        success: true as const,
        message: "Subcategories fetched successfully",
        data: await listSubcategories(app.db, request.query.categoryId),
      })),
  );

  app.post(
    "/api/subcategories",
    {
      config: { ...create, ...label("Create subcategory") },
      schema: {
        summary: "Create a subcategory",
        body: subcategoryCreateSchema,
        response: { 201: okResponse(subcategorySchema), 409: conflictResponse("The name or slug is taken") },
      },
    },
    async (request, reply) => {
      const subcategory = await createSubcategory(app.db, request.body);
      await audit(request, {
        module: "product",
        action: "Create subcategory",
        description: `Created subcategory ${subcategory.name}`,
      });
      return reply.status(201).send({ success: true, message: "Subcategory created successfully", data: subcategory });
    },
  );

  app.put(
    "/api/subcategories/:id",
    {
      config: { ...update, ...label("Update subcategory") },
      schema: {
        summary: "Update a subcategory",
        params: idParamsSchema,
        body: subcategoryUpdateSchema,
        response: { 200: okResponse(subcategorySchema), 409: conflictResponse("The name or slug is taken") },
      },
    },
    async (request) => {
      const { before, after } = await updateSubcategory(app.db, request.params.id, request.body);
      await audit(request, {
        module: "product",
        action: "Update subcategory",
        description: `Updated subcategory ${after.name}`,
        details: { fieldChanges: fieldChanges(before, after) },
      });
      return { success: true, message: "Subcategory updated successfully", data: after };
    },
  );

  app.delete(
    "/api/subcategories/:id",
    {
      config: { ...update, ...label("Delete subcategory") },
      schema: {
        summary: "Delete a subcategory",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 409: conflictResponse("Products still use it") },
      },
    },
    async (request) => {
      const subcategory = await deleteSubcategory(app.db, request.params.id);
      await audit(request, {
        module: "product",
        action: "Delete subcategory",
        description: `Deleted subcategory ${subcategory.name}`,
      });
      return { success: true, message: "Subcategory deleted successfully" };
    },
  );
};
