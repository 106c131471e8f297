import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicRoute } from "../../plugins/auth.ts";
import { byTheMinute } from "../../plugins/public-cache.ts";
import { robotsTxt, sitemapXml } from "./sitemap.ts";

export const seoRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(
    "/sitemap.xml",
    {
      schema: { summary: "Get the sitemap" },
      config: { ...publicRoute, nonJsonAnswers: { 200: { description: "The sitemap", type: "application/xml" } } },
    },
    async (_request, reply) => {
      const cached = await app.publicCache.fill(byTheMinute("sitemap.xml"), () => sitemapXml(app.db, publicUrl));
      return reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(cached.body);
    },
  );

  app.get(
    "/robots.txt",
    {
      schema: { summary: "Get robots.txt" },
      config: { ...publicRoute, nonJsonAnswers: { 200: { description: "robots.txt", type: "text/plain" } } },
    },
    async (_request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(robotsTxt(publicUrl)),
  );
};
