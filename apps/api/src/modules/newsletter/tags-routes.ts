import { tagListers } from "@shop/shared/permissions";
import { conflictResponse, idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import { tagCreateSchema, tagListQuerySchema, tagSchema, tagUpdateSchema } from "@shop/shared/schemas/newsletter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { audit } from "../../plugins/activity.ts";
import { requirePermission } from "../../plugins/auth.ts";
import { fieldChanges } from "../activity-logs/service.ts";
import { createTag, deleteTag, listTags, updateTag } from "./tags-service.ts";

const manage = requirePermission("newsletter:create-update-tag");
const label = (action: string) => ({ activity: { module: "newsletter", action } });

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/newsletter-tags/get-all-tags",
    {
      // Whoever tags subscribers or writes campaigns picks from this list too.
      config: requirePermission(tagListers),
      schema: {
        summary: "List tags",
        querystring: tagListQuerySchema,
        response: { 200: okResponse(z.array(tagSchema)) },
      },
    },
    async (request) => ({
      success: true,
      message: "Tags fetched successfully",
      data: await listTags(app.db, request.query.search),
    }),
  );

  app.post(
    "/api/newsletter-tags/tags",
    {
      config: { ...manage, ...label("Create tag") },
      schema: {
        summary: "Create a tag",
        body: tagCreateSchema,
        response: { 201: okResponse(tagSchema), 409: conflictResponse("The name is taken") },
      },
    },
    async (request, reply) => {
      const tag = await createTag(app.db, request.body);
      await audit(request, {
        module: "newsletter",
        action: "Create tag",
        description: `Created tag ${tag.name}`,
        details: { tagInfo: { name: tag.name } },
      });
      return reply.status(201).send({ success: true, message: "Tag created successfully", data: tag });
    },
  );

  app.put(
    "/api/newsletter-tags/update-tags/:id",
    {
      config: { ...manage, ...label("Update tag") },
      schema: {
        summary: "Rename a tag",
        params: idParamsSchema,
        body: tagUpdateSchema,
        response: { 200: okResponse(tagSchema), 409: conflictResponse("The name is taken") },
      },
    },
    async (request) => {
      const { before, after } = await updateTag(app.db, request.params.id, request.body);
      const view = (t: typeof before) => ({ name: t.name, slug: t.slug, description: t.description });
      await audit(request, {
        module: "newsletter",
        action: "Update tag",
        description: `Updated tag ${after.name}`,
        details: { tagInfo: { name: after.name }, fieldChanges: fieldChanges(view(before), view(after)) },
      });
      return { success: true, message: "Tag updated successfully", data: after };
    },
  );

  app.delete(
    "/api/newsletter-tags/delete-tags/:id",
    {
      config: { ...manage, ...label("Delete tag") },
      schema: {
        summary: "Delete a tag",
        params: idParamsSchema,
        response: {
          200: messageResponseSchema,
          409: conflictResponse("A campaign to be mailed is addressed to the tag"),
        },
      },
    },
    async (request) => {
      const tag = await deleteTag(app.db, request.params.id);
      await audit(request, {
        module: "newsletter",
        action: "Delete tag",
        description: `Deleted tag ${tag.name} (removed from ${tag.subscriberCount} subscriber${tag.subscriberCount === 1 ? "" : "s"})`,
        details: { tagInfo: { name: tag.name } },
      });
      return { success: true, message: "Tag deleted successfully" };
    },
  );
};
