import { satisfies } from "@shop/shared/permissions";
import { okResponse } from "@shop/shared/schemas/common";
import { dashboardSchema } from "@shop/shared/schemas/dashboard";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticatedRoute, principalOf } from "../../plugins/auth.ts";
import { dashboard } from "./service.ts";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dashboard",
    {
      schema: {
        summary: "Get the dashboard blocks the caller may see",
        response: { 200: okResponse(dashboardSchema) },
      },
      config: authenticatedRoute,
    },
    async (request) => {
      const principal = principalOf(request);
      return {
        success: true,
        message: "Dashboard fetched successfully",
        data: await dashboard(app.db, {
          products: satisfies(principal, "product:view-products"),
          contacts: satisfies(principal, "contact:view-contacts"),
          subscribers: satisfies(principal, "newsletter:view-subscribers"),
          activity: satisfies(principal, "activitylog"),
          campaigns: satisfies(principal, ["newsletter:view-emailhistories", "newsletter:view-statistics"]),
        }),
      };
    },
  );
};
