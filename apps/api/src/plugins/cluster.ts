import type { FastifyInstance, FastifyRequest, onSendHookHandler } from "fastify";
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
  return !readOnlyMethods.has(request.method) && request.principal !== null && statusCode < 400;
}

const readOnlyMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What a module's staff writes can change in the public cache, declared by the module itself
 * (declareCacheScope): `name` is what travels to the other instances, `shows` picks the cached
 * entries (API answers by URL, rendered pages as "page:<path>") that can show the change.
 */
export type CacheScope = { name: string; shows: (key: string) => boolean };

/** Writes that change no public read (the audience, mail, staff and roles): they change only who may do what. */
export const nothingPublic: CacheScope = { name: "staff", shows: () => false };
/** A module that declares nothing: everything is dropped, so a new module errs on the safe side. */
const everything: CacheScope = { name: "public", shows: () => true };

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on every route of a module that declared its scope. */
    cacheScope?: CacheScope;
  }
  interface FastifyInstance {
    /** The declared scopes by name, for a message from another instance. */
    cacheScopes: Map<string, CacheScope>;
  }
}

/**
 * Called at the top of a module's routes plugin, before its routes and child plugins: every route
 * registered there after it carries `scope`, which the cluster plugin reads after a staff write.
 */
export function declareCacheScope(app: FastifyInstance, scope: CacheScope): void {
  app.cacheScopes.set(scope.name, scope);
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, cacheScope: scope };
  });
}

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
  const scopes = new Map([everything, nothingPublic].map((scope) => [scope.name, scope]));
  app.decorate("cacheScopes", scopes);
  const dropShown = (scope: CacheScope) => {
    if (scope !== nothingPublic) app.publicCache.clearWhere(scope.shows);
  };
  const forgetLocally = (scope: CacheScope) => {
    dropShown(scope);
    invalidatePrincipals(app.db);
  };

  const redis = options.redis;
  if (redis) {
    await redis.subscriber.subscribe(channel);
    redis.subscriber.on("message", (_channel, message: string) => {
      const [from, named] = message.split(" ");
      const scope = scopes.get(named ?? "") ?? everything;
      if (from !== instanceId) forgetLocally(scope);
    });
    // Messages published while this instance was cut off from Redis are lost: assume the worst.
    redis.subscriber.on("ready", () => forgetLocally(everything));
  }

  const afterWrite: onSendHookHandler = async (request, reply, payload) => {
    if (!isStaffWrite(request, reply.statusCode)) return payload;
    const scope = request.routeOptions.config.cacheScope ?? everything;
    dropShown(scope);
    if (redis) {
      await redis.publisher.publish(channel, `${instanceId} ${scope.name}`).catch((error: unknown) => {
        request.log.warn({ err: loggableError(error) }, "could not tell the other instances to drop their caches");
      });
    }
    return payload;
  };
  // Only on routes that take writes: a read then runs no onSend hook at all (no promise per answer).
  // Per-route onSend hooks run after the global ones, as this one did, being the last registered.
  app.addHook("onRoute", (route) => {
    if (![route.method].flat().some((method) => !readOnlyMethods.has(method))) return;
    route.onSend = [route.onSend ?? []].flat().concat(afterWrite);
  });
});
