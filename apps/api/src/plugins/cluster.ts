import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { invalidatePrincipals } from "../core/principal.ts";
import { loggableError } from "../lib/errors.ts";

const channel = "smart-home-shop:staff-write";

export type ClusterOptions = {
  /** With several instances: one connection to publish on, one held in subscriber mode. */
  redis?: { publisher: Redis; subscriber: Redis };
};

/** A write by signed-in staff that succeeded: what the public sees or who may do what may have changed. */
function isStaffWrite(request: FastifyRequest, statusCode: number): boolean {
  const readOnly = request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS";
  return !readOnly && request.principal !== null && statusCode < 400;
}

/**
 * Staff writes here never change a public read: the audience, mail, the inbox, staff and roles,
 * uploads not yet used. Everything else drops the public cache, so a new route errs on the safe side.
 */
const privatePrefixes = [
  "/api/newsletter-tags/",
  "/api/newsletter/",
  "/api/csv/",
  "/api/contacts",
  "/api/compose-mail",
  "/api/emailhistory/",
  "/api/users",
  "/api/roles/",
  "/api/upload/",
];

/** The part of the public cache a staff write can change; "staff" changes only who may do what. */
type Scope = "products" | "banners" | "blog" | "public" | "staff";

function scopeOf(request: FastifyRequest): Scope {
  const url = request.routeOptions.url ?? request.url;
  if (privatePrefixes.some((prefix) => url.startsWith(prefix))) return "staff";
  if (url.startsWith("/api/products")) return "products";
  if (url.startsWith("/api/hero-banners")) return "banners";
  if (url.startsWith("/api/blog")) return "blog";
  // Categories, settings and anything new: everything public may show them.
  return "public";
}

/** What each storefront page shows besides what every page does (settings, categories: scope "public"). */
function pageShows(path: string, scope: Scope): boolean {
  // The home page shows banners, products and the latest posts.
  if (path === "/" || path.startsWith("/?")) return true;
  if (/^\/(about|contact|terms|privacy)(\?|$)/.test(path)) return false;
  if (/^\/blog(\/|\?|$)/.test(path)) return scope === "blog";
  // The shop, products, landing pages and anything else: the catalogue.
  return scope === "products";
}

/** Whether a cached entry can show what a write in `scope` changed. The sitemap carries titles of all. */
function shows(key: string, scope: Scope): boolean {
  if (scope === "public") return true;
  if (scope === "staff") return false;
  if (key === "sitemap.xml") return true;
  if (key.startsWith("page:")) return pageShows(key.slice("page:".length), scope);
  // Categories show how many active products they hold.
  if (scope === "products") return /^(\/api\/products|products:total:|\/api\/(sub)?categories)/.test(key);
  if (scope === "banners") return key.startsWith("/api/hero-banners");
  return key.startsWith("/api/blog");
}

const scopes: readonly Scope[] = ["products", "banners", "blog", "public", "staff"];

/**
 * Keeps the per-process caches (public reads, resolved sessions) honest. A successful staff write to
 * public content drops this process's public cache before the answer leaves, so the writer's next
 * read is fresh; with Redis every staff write also tells the other instances, which drop their
 * resolved sessions (and their public cache when public content changed).
 * The publish is awaited before the answer is sent, so by the time a client sees "saved", the
 * message is already on its way to the other instances.
 */
export const clusterPlugin = fp(async (app: FastifyInstance, options: ClusterOptions) => {
  const instanceId = crypto.randomUUID();
  const forgetLocally = (scope: Scope) => {
    if (scope !== "staff") app.publicCache.clearWhere((key) => shows(key, scope));
    invalidatePrincipals(app.db);
  };

  const redis = options.redis;
  if (redis) {
    await redis.subscriber.subscribe(channel);
    redis.subscriber.on("message", (_channel, message: string) => {
      const [from, named] = message.split(" ");
      const scope = scopes.find((candidate) => candidate === named) ?? "public";
      if (from !== instanceId) forgetLocally(scope);
    });
    // Messages published while this instance was cut off from Redis are lost: assume the worst.
    redis.subscriber.on("ready", () => forgetLocally("public"));
  }

  app.addHook("onSend", async (request, reply, payload) => {
    if (!isStaffWrite(request, reply.statusCode)) return payload;
    const scope = scopeOf(request);
    if (scope !== "staff") app.publicCache.clearWhere((key) => shows(key, scope));
    if (redis) {
      await redis.publisher.publish(channel, `${instanceId} ${scope}`).catch((error: unknown) => {
        request.log.warn({ err: loggableError(error) }, "could not tell the other instances to drop their caches");
      });
    }
    return payload;
  });
});
