import { activityLogListQuerySchema } from "@shop/shared/schemas/activity-logs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePermission } from "../../plugins/auth.ts";
import { listActivityLogs } from "./service.ts";

export const activityLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/activity-logs",
    { config: requirePermission("activitylog"), schema: { querystring: activityLogListQuerySchema } },
    async (request) => ({
      success: true,
      message: "Activity logs fetched successfully",
      data: await listActivityLogs(app.db, request.query),
    }),
  );
};
