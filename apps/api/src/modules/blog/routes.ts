import { blogSlugParamsSchema } from "@shop/shared/schemas/blog";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicRoute } from "../../plugins/auth.ts";
import { sendCached } from "../../plugins/public-cache.ts";
import { getPublishedPost, listPublishedPosts } from "./service.ts";

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/blog/posts", { config: { ...publicRoute, publicCache: {} } }, (request, reply) =>
    sendCached(request, reply, async () => ({
      success: true as const,
      message: "Posts fetched successfully",
      data: await listPublishedPosts(app.db),
    })),
  );

  app.get(
    "/api/blog/posts/:slug",
    { config: publicRoute, schema: { params: blogSlugParamsSchema } },
    (request, reply) =>
      sendCached(request, reply, async () => ({
        success: true as const,
        message: "Post fetched successfully",
        data: await getPublishedPost(app.db, request.params.slug),
      })),
  );
};
