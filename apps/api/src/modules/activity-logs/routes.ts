import { activityLogListQuerySchema, activityLogListSchema } from "@shop/shared/schemas/activity-logs";
import { okResponse } from "@shop/shared/schemas/common";
import { ownActivityQuerySchema } from "@shop/shared/schemas/users";

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audit } from "../../plugins/activity.ts";
import { authenticatedRoute, principalOf, requirePermission } from "../../plugins/auth.ts";
import { exportActivityLogs, listActivityLogs } from "./service.ts";

const exportQuerySchema = activityLogListQuerySchema.omit({ page: true, limit: true });

export const activityLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/activity-logs",
    {
      config: requirePermission("activitylog"),
      schema: {
        summary: "List the activity log",
        querystring: activityLogListQuerySchema,
        response: { 200: okResponse(activityLogListSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Activity logs fetched successfully",
      data: await listActivityLogs(app.db, request.query),
    }),
  );

  app.get(
    "/api/activity-logs/export",
    {
      config: {
        ...requirePermission("activitylog"),
        nonJsonAnswers: { 200: { description: "The entries as CSV, newest first", type: "text/csv" } },
      },
      schema: { summary: "Export the activity log as CSV", querystring: exportQuerySchema },
    },
    async (request, reply) => {
      await audit(request, {
        module: "activitylog",
        action: "Export activity log",
        description: "Exported the activity log as CSV",
        details: { filters: request.query },
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply.sendCsv(`activity-logs-${day}.csv`, exportActivityLogs(app.db, request.query));
    },
  );

  app.get(
    "/api/users/me/activity",
    {
      config: authenticatedRoute,
      schema: {
        summary: "List the caller's own recent activity",
        querystring: ownActivityQuerySchema,
        response: { 200: okResponse(activityLogListSchema) },
      },
    },
    async (request) => ({
      success: true,
      message: "Activity fetched successfully",
      data: await listActivityLogs(app.db, { ...request.query, userId: principalOf(request).userId }),
    }),
  );
};
