import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicRoute } from "../../plugins/auth.ts";

const pingTimeoutMs = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    { schema: { summary: "Check the server and its database" }, config: publicRoute },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("database ping timed out")), pingTimeoutMs);
      });
      try {
        await Promise.race([app.database.ping(), timeout]);
        return { success: true, message: "OK", data: { database: "up" } };
      } catch {
        return reply.status(503).send({ success: false, message: "Database unavailable", data: { database: "down" } });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
