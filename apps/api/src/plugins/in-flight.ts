import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
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
  // The response's `close` comes once, after it is sent or when the client hangs up first, so one
  // listener replaces onResponse and onRequestAbort hooks and the set that kept them from counting a
  // request twice (an abort hook alone adds a listener to every request: issue 19).
  let open = 0;
  const closed = () => {
    open -= 1;
  };
  app.addHook("onRequest", (_request, reply, done) => {
    open += 1;
    reply.raw.on("close", closed);
    done();
  });
  app.decorate("othersAnswered", async (maxWaitMs: number) => {
    const until = performance.now() + maxWaitMs;
    // At least one turn of the event loop, so requests that came meanwhile are read.
    do await sleep(1);
    while (open > 1 && performance.now() < until);
  });
});
