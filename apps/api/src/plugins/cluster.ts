import type { FastifyInstance, FastifyRequest, onSendHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { invalidatePrincipals } from "../core/principal.ts";
import { loggableError } from "../lib/errors.ts";

const channel = "smart-home-shop:staff-write";
/** Where each instance says it has dropped what a write named, so the writer can answer. */
const ackChannel = "smart-home-shop:staff-write-ack";
/**
 * How long a write's answer waits for the other instances' acknowledgements. One that is stuck, cut off
 * or runs a version that does not acknowledge costs each staff write this much, and no more.
 */
const ackWaitMs = 250;

export type ClusterOptions = {
  /** With several instances: one connection to publish on, one held in subscriber mode. */
  redis?: { publisher: Redis; subscriber: Redis };
};

/**
 * A write by signed-in staff that succeeded: what the public sees or who may do what may have changed. A
 * public route that signs people out (a password reset from a mailed link) says so with `revokesSessions`.
 */
function isStaffWrite(request: FastifyRequest, statusCode: number): boolean {
  const signsOut = request.principal !== null || request.routeOptions.config.revokesSessions === true;
  return !readOnlyMethods.has(request.method) && signsOut && statusCode < 400;
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
    /** A public route whose success revokes sessions: the other instances drop the ones they hold. */
    revokesSessions?: boolean;
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
 * The answer waits until every other instance that got the message has said it dropped them (at most
 * ackWaitMs): a message merely on its way lost the race to the client's next request at another
 * instance, in one round of twenty, when the instance read that request first.
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
  const acks = createAckCounter();
  if (redis) {
    // An instance may start while Redis is down (lib/redis.ts): it subscribes once the connection is
    // ready. ioredis subscribes again by itself after each later reconnection.
    let subscribed = false;
    const subscribe = () =>
      redis.subscriber.subscribe(channel, ackChannel).then(
        () => {
          subscribed = true;
        },
        (error: unknown) =>
          app.log.warn({ err: loggableError(error) }, "could not subscribe to the other instances' writes"),
      );
    if (redis.subscriber.status === "ready") await subscribe();
    redis.subscriber.on("message", (onChannel: string, message: string) => {
      if (onChannel === ackChannel) return acks.arrived(message);
      const [writer, named, writeId] = message.split(" ");
      if (writer === instanceId) return;
      forgetLocally(scopes.get(named ?? "") ?? everything);
      if (writeId) redis.publisher.publish(ackChannel, writeId).catch(() => {});
    });
    // Messages published while this instance was cut off from Redis are lost: assume the worst.
    redis.subscriber.on("ready", () => {
      forgetLocally(everything);
      if (!subscribed) void subscribe();
    });
  }

  const afterWrite: onSendHookHandler = async (request, reply, payload) => {
    if (!isStaffWrite(request, reply.statusCode)) return payload;
    const scope = request.routeOptions.config.cacheScope ?? everything;
    dropShown(scope);
    if (redis) {
      const writeId = crypto.randomUUID();
      const acknowledged = acks.expect(writeId);
      try {
        // Every subscriber the message reached acknowledges it but this instance's own.
        const receivers = await redis.publisher.publish(channel, `${instanceId} ${scope.name} ${writeId}`);
        await acknowledged.from(receivers - 1, ackWaitMs);
      } catch (error) {
        request.log.warn({ err: loggableError(error) }, "could not tell the other instances to drop their caches");
      } finally {
        acknowledged.forget();
      }
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

/** Acknowledgements by write: they may arrive before the publish that asked for them has returned. */
function createAckCounter() {
  const writes = new Map<string, { count: number; wanted: number; wake: () => void }>();
  return {
    arrived(writeId: string) {
      const write = writes.get(writeId);
      if (!write) return;
      write.count += 1;
      if (write.count >= write.wanted) write.wake();
    },
    expect(writeId: string) {
      const write = { count: 0, wanted: Number.POSITIVE_INFINITY, wake: () => {} };
      writes.set(writeId, write);
      return {
        /** Resolves once `wanted` have arrived, or after `maxWaitMs`. */
        from(wanted: number, maxWaitMs: number): Promise<void> {
          write.wanted = wanted;
          if (write.count >= wanted) return Promise.resolve();
          return new Promise((resolve) => {
            const timer = setTimeout(resolve, maxWaitMs);
            write.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        },
        forget: () => writes.delete(writeId),
      };
    },
  };
}
