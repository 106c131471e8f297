import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicRoute } from "../../plugins/auth.ts";
import { sendCached } from "../../plugins/public-cache.ts";
import { listLiveBanners } from "./service.ts";

export const heroBannerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/hero-banners",
    {
      config: {
        ...publicRoute,
        // Keyed by the minute too, so a banner whose start or end passes shows up or leaves on time.
        publicCache: { key: (request) => `${request.url}#${Math.floor(Date.now() / 60_000)}` },
      },
    },
    (request, reply) =>
      sendCached(request, reply, async () => ({
        success: true as const,
        message: "Hero banners fetched successfully",
        data: await listLiveBanners(app.db),
      })),
  );
};
