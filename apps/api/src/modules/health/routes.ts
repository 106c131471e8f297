import { copy } from "@shop/shared/copy";
import { errorResponseSchema } from "@shop/shared/schemas/common";
import { healthSchema } from "@shop/shared/schemas/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicRoute } from "../../plugins/auth.ts";

const pingTimeoutMs = 2_000;
/** The share of the ping's wait the event loop spent running code rather than waiting for I/O. */
const busyLoop = 0.8;
const pingTimedOut = new Error("database ping timed out");

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        summary: "Check the server and its database",
        response: {
          200: healthSchema,
          // Down, or shed by the overload guard (app.ts) before the handler ran, with the error envelope.
          503: z
            .union([healthSchema, errorResponseSchema])
            .describe("The database cannot be reached, or the server is too busy (Retry-After)"),
        },
      },
      config: publicRoute,
    },
    async (_request, reply) => {
      const loopBefore = performance.eventLoopUtilization();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(pingTimedOut), pingTimeoutMs);
      });
      try {
        await Promise.race([app.database.ping(), timeout]);
        return { success: true, message: "OK", data: { database: "up" as const } };
      } catch (error) {
        reply.status(503).header("retry-after", "5");
        // A ping that ran out of time while this process's own event loop was busy nearly all the while
        // says nothing about the database: the answer is the overload guard's, not "down". An error from
        // the database (refused, reset) is an answer, whatever the loop was doing.
        const timedOut = error === pingTimedOut;
        if (timedOut && performance.eventLoopUtilization(loopBefore).utilization > busyLoop) {
          return reply.send({ success: false, message: copy.errors.serverBusy });
        }
        return reply.send({ success: false, message: "Database unavailable", data: { database: "down" as const } });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
