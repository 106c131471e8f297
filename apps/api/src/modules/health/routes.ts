import { copy } from "@shop/shared/copy";
import { errorResponseSchema } from "@shop/shared/schemas/common";
import { healthSchema } from "@shop/shared/schemas/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicRoute } from "../../plugins/auth.ts";

const pingTimeoutMs = 2_000;
/** The share of the ping's wait the event loop spent running code rather than waiting for I/O. */
const busyLoop = 0.8;

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
        timer = setTimeout(() => reject(new Error("database ping timed out")), pingTimeoutMs);
      });
      try {
        await Promise.race([app.database.ping(), timeout]);
        return { success: true, message: "OK", data: { database: "up" as const } };
      } catch {
        reply.status(503).header("retry-after", "5");
        // A ping that waited on this process's own saturated event loop says nothing about the database:
        // with the loop busy nearly all the while, the answer is the overload guard's, not "down".
        if (performance.eventLoopUtilization(loopBefore).utilization > busyLoop) {
          return reply.send({ success: false, message: copy.errors.serverBusy });
        }
        return reply.send({ success: false, message: "Database unavailable", data: { database: "down" as const } });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
