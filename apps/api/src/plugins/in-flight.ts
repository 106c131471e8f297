import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Resolves once no route handler is running (for shutdown, before the database closes). */
    requestsDrained(): Promise<void>;
    /**
     * Resolves once no request is open but the caller's, or after `maxWaitMs`: how a long job
     * sharing this thread and PGlite's one session lets requests go first (the CSV import).
     */
    othersAnswered(maxWaitMs: number): Promise<void>;
  }
}

/**
 * Counts running route handlers. A handler whose client hung up keeps running after its connection
 * is gone, so the server closing does not mean its queries are done; shutdown waits for this too.
 * Registered before the routes: it wraps each handler as the route is added.
 */
export const inFlightPlugin = fp(async (app: FastifyInstance) => {
  let running = 0;
  let waiters: (() => void)[] = [];
  const finished = () => {
    running -= 1;
    if (running > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };

  app.addHook("onRoute", (route) => {
    const handler = route.handler;
    route.handler = function counted(this: FastifyInstance, request, reply) {
      const result = handler.call(this, request, reply);
      // Only asynchronous handlers outlive this call; a synchronous one is already done.
      if (!(result instanceof Promise)) return result;
      running += 1;
      return result.finally(finished);
    };
  });

  app.decorate("requestsDrained", () =>
    running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  );
  // Requests from arrival to answer: one still being read or checked has no handler running yet.
  let open = 0;
  const counted = new WeakSet<FastifyRequest>();
  app.addHook("onRequest", (request, _reply, done) => {
    counted.add(request);
    open += 1;
    done();
  });
  const answered = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    if (counted.delete(request)) open -= 1;
    done();
  };
  app.addHook("onResponse", answered);
  app.addHook("onRequestAbort", (request, done) => answered(request, undefined, done));
  app.decorate("othersAnswered", async (maxWaitMs: number) => {
    const until = performance.now() + maxWaitMs;
    // At least one turn of the event loop, so requests that came meanwhile are read.
    do await sleep(1);
    while (open > 1 && performance.now() < until);
  });
});
