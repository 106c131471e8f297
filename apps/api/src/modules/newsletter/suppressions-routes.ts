import { idParamsSchema, messageResponseSchema, okResponse } from "@shop/shared/schemas/common";
import { suppressionCopy, suppressionListQuerySchema, suppressionPageSchema } from "@shop/shared/schemas/suppressions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audit } from "../../plugins/activity.ts";
import { principalOf, requirePermission } from "../../plugins/auth.ts";
import { liftSuppressionById, listSuppressions } from "./suppression-list.ts";

/** Whoever may change subscribers may see who will not be mailed, and let an address be mailed again. */
const update = requirePermission("newsletter:update-subscriber");

export const suppressionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/newsletter/suppressions",
    {
      config: update,
      schema: {
        summary: "List suppressed addresses",
        querystring: suppressionListQuerySchema,
        response: { 200: okResponse(suppressionPageSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Suppressions",
      data: await listSuppressions(app.db, request.query),
    }),
  );

  app.delete(
    "/api/newsletter/suppressions/:id",
    {
      config: { ...update, activity: { module: "newsletter", action: "Lift suppression" } },
      schema: { summary: "Lift a suppression", params: idParamsSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const lifted = await liftSuppressionById(app.db, request.params.id, principalOf(request).userId);
      await audit(request, {
        module: "newsletter",
        action: "Lift suppression",
        description: `Lifted the suppression of ${lifted.email} (${suppressionCopy.reason(lifted.reason)})`,
        details: { suppression: { email: lifted.email, reason: lifted.reason, since: lifted.createdAt.toISOString() } },
      });
      return { success: true, message: suppressionCopy.lifted };
    },
  );
};
