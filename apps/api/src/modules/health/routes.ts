import { errorResponseSchema } from "@shop/shared/schemas/common";
import { healthSchema } from "@shop/shared/schemas/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicRoute } from "../../plugins/auth.ts";

const pingTimeoutMs = 2_000;

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
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("database ping timed out")), pingTimeoutMs);
      });
      try {
        await Promise.race([app.database.ping(), timeout]);
        return { success: true, message: "OK", data: { database: "up" as const } };
      } catch {
        return reply
          .status(503)
          .send({ success: false, message: "Database unavailable", data: { database: "down" as const } });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
