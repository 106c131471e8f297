import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type CachedResponse, createResponseCache, type ResponseCache } from "../lib/response-cache.ts";

declare module "fastify" {
  interface FastifyInstance {
    publicCache: ResponseCache;
  }
  interface FastifyContextConfig {
    /**
     * Serve a cached answer before validation and the handler run. Only answers the handler
     * produced from a valid request are ever cached, so skipping validation on a hit is safe.
     * `key` names the entry when the URL alone is not enough (time-bounded content).
     */
    publicCache?: { key?: (request: FastifyRequest) => string };
  }
}

/** Where a route's answer lives in the cache. Signed-in callers may see more, so they are never served from it. */
export function publicCacheKey(request: FastifyRequest): string | undefined {
  const options = request.routeOptions.config.publicCache;
  if (!options || request.headers.authorization) return undefined;
  return options.key ? options.key(request) : request.url;
}

/**
 * Public reads (catalogue, banners, posts) are served from serialised JSON. Any successful write by
 * staff drops the whole cache (see the cluster plugin): writes are rare, and no route can forget to invalidate.
 */
export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  app.decorate("publicCache", createResponseCache());
  app.addHook("onRequest", (request, reply, done) => {
    const key = request.method === "GET" ? publicCacheKey(request) : undefined;
    const cached = key ? app.publicCache.get(key) : undefined;
    if (cached) {
      sendBody(request, reply, cached);
      return;
    }
    done();
  });
});

/**
 * Answers a cache miss and fills the cache, with an ETag so browsers revalidate to a 304. The cached
 * text skips the route's response schema, so `load` must return only what the schema lists. Resolves
 * once the answer has gone (`await reply`), so a handler with a response schema can return nothing.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<{ success: true; message: string; data: unknown }>,
): Promise<void> {
  const key = publicCacheKey(request);
  if (!key) reply.send(await load());
  // Requests missing the same entry together share one load.
  else sendBody(request, reply, await request.server.publicCache.fill(key, async () => JSON.stringify(await load())));
  await reply;
}

function sendBody(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse): FastifyReply {
  reply.header("etag", cached.etag).header("cache-control", "public, no-cache");
  if (request.headers["if-none-match"] === cached.etag) return reply.status(304).send();
  return reply.type("application/json; charset=utf-8").send(cached.body);
}
