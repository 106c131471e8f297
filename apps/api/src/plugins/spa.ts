import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { copy } from "@shop/shared/copy";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

type SpaOptions = { root: string | undefined };

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and any unknown GET outside /api answered with index.html so the client router takes over.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const root = options.root && existsSync(path.join(options.root, "index.html")) ? options.root : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn("web app not built: only the API is served");
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      !request.url.startsWith("/uploads/");
    if (root && isPageRequest) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ success: false, message: copy.errors.routeNotFound });
  });
});
