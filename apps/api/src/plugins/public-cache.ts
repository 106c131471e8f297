import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
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
/**
 * A cache key for content that comes and goes at its own times (banners' start and end, posts'
 * publication): the minute is part of it, so such a change shows within a minute with no write to clear it.
 */
export const byTheMinute = (key: string) => `${key}#${Math.floor(Date.now() / 60_000)}`;

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
  // Only routes that declare publicCache get the lookup, as a hook of their own: the others pay nothing
  // per request, and these do not ask request.routeOptions (a new object on every read) for their config.
  // Per-route hooks run after the global ones, so it still runs after auth and the security headers;
  // a route's own onRequest hooks (a rate limit) would now run before it: no cached route has one.
  app.addHook("onRoute", (route) => {
    const options = route.config?.publicCache;
    if (!options || ![route.method].flat().includes("GET")) return;
    const answerFromCache: onRequestHookHandler = (request, reply, done) => {
      // HEAD routes Fastify adds copy this hook; they were never answered from the cache.
      const key =
        request.method === "GET" && !request.headers.authorization
          ? (options.key?.(request) ?? request.url)
          : undefined;
      const cached = key ? app.publicCache.get(key) : undefined;
      if (cached) {
        sendBody(request, reply, cached);
        return;
      }
      done();
    };
    route.onRequest = [route.onRequest ?? []].flat().concat(answerFromCache);
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
  return reply.type("application/json; charset=utf-8").send(cached.bytes);
}
