import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createResponseCache, type ResponseCache } from "../lib/response-cache.ts";

declare module "fastify" {
  interface FastifyInstance {
    publicCache: ResponseCache;
  }
}

/**
 * Public reads (catalogue, banners, posts) are served from serialised JSON. Any successful write by
 * staff drops the whole cache: writes are rare, and no route can forget to invalidate.
 */
export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  app.decorate("publicCache", createResponseCache());
  app.addHook("onResponse", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD" && request.principal && reply.statusCode < 400) {
      app.publicCache.clear();
    }
  });
});

/** Answers from the cache (or fills it), with an ETag so browsers revalidate to a 304. */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<{ success: true; message: string; data: unknown }>,
  key = request.url,
): Promise<FastifyReply> {
  const cache = request.server.publicCache;
  const cached = cache.get(key) ?? cache.set(key, JSON.stringify(await load()));
  reply.header("etag", cached.etag).header("cache-control", "public, no-cache");
  if (request.headers["if-none-match"] === cached.etag) return reply.status(304).send();
  return reply.type("application/json; charset=utf-8").send(cached.body);
}
