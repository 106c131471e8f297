import { copy } from "@shop/shared/copy";
import { subscribeSchema } from "@shop/shared/schemas/newsletter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicRoute } from "../../plugins/auth.ts";
import { subscribe } from "./service.ts";

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/newsletter/subscriber",
    {
      config: { ...publicRoute, rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: { body: subscribeSchema },
    },
    async (request) => {
      await subscribe(app.db, request.body.email, request.ip);
      return { success: true, message: copy.storefront.subscribed };
    },
  );
};
