import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { applyQueuedChanges } from "./audience-notices.ts";
import { sharesOneSession } from "./import/connection.ts";
import { importRoutes } from "./import/routes.ts";
import { subscribeRoutes } from "./subscribe-routes.ts";
import { subscriberRoutes } from "./subscribers-routes.ts";
import { suppressionRoutes } from "./suppressions-routes.ts";
import { tagRoutes } from "./tags-routes.ts";
import { unsubscribeRoutes } from "./unsubscribe-routes.ts";

type NewsletterOptions = { linkSecret: string; publicUrl: string; tmpDir: string; importBulkMaxRows: number };

/** Sign-ups and unsubscribes queued behind a bulk import that its process did not live to apply. */
const queuedChangesCheckMs = 60_000;

/** The audience: public sign-up and unsubscribe, tags, subscribers and CSV import. */
export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterOptions> = async (app, options) => {
  declareCacheScope(app, nothingPublic);
  const applyQueued = () => applyQueuedChanges(app, options);
  await app.register(subscribeRoutes, options);
  await app.register(unsubscribeRoutes, options);
  await app.register(tagRoutes);
  await app.register(subscriberRoutes);
  await app.register(suppressionRoutes);
  await app.register(importRoutes, {
    tmpDir: options.tmpDir,
    bulkMaxRows: options.importBulkMaxRows,
    afterImport: applyQueued,
  });
  // Only PostgreSQL queues changes: PGlite never locks the audience for long (import/service.ts).
  if (!sharesOneSession(app.db)) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      await applyQueued();
      timer = setInterval(applyQueued, queuedChangesCheckMs).unref();
    });
    app.addHook("onClose", async () => clearInterval(timer));
  }
};
