import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { importRoutes } from "./import-routes.ts";
import { subscribeRoutes } from "./subscribe-routes.ts";
import { subscriberRoutes } from "./subscribers-routes.ts";
import { tagRoutes } from "./tags-routes.ts";
import { unsubscribeRoutes } from "./unsubscribe-routes.ts";

type NewsletterOptions = { linkSecret: string; publicUrl: string; tmpDir: string; importBulkMaxRows: number };

/** The audience: public sign-up and unsubscribe, tags, subscribers and CSV import. */
export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterOptions> = async (app, options) => {
  await app.register(subscribeRoutes, options);
  await app.register(unsubscribeRoutes, options);
  await app.register(tagRoutes);
  await app.register(subscriberRoutes);
  await app.register(importRoutes, { tmpDir: options.tmpDir, bulkMaxRows: options.importBulkMaxRows });
};
