import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { copy } from "@shop/shared/copy";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { pageMeta } from "../modules/seo/page-meta.ts";
import { createRoutePreloads } from "../modules/seo/preload.ts";
import { renderIndex } from "../modules/seo/render.ts";

type SpaOptions = { root: string | undefined; publicUrl: string };

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated.
 * Any other GET outside /api gets index.html carrying that page's title, description and
 * sharing tags (and a 404 status for pages that do not exist); the client router takes over.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const root = options.root && existsSync(path.join(options.root, "index.html")) ? options.root : undefined;
  const template = root ? readFileSync(path.join(root, "index.html"), "utf8") : undefined;
  const routePreloads = root ? createRoutePreloads(root) : () => [];
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Only bundler output carries a content hash in its name; files such as the sample CSV can change.
        const immutable =
          filePath.includes(`${path.sep}assets${path.sep}`) &&
          /-[\w-]{8,}\.(js|css|woff2?|svg|png|webp)(\.br|\.gz)?$/.test(filePath);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn("web app not built: only the API is served");
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") &&
      !pathname.startsWith("/api/") &&
      !pathname.startsWith("/uploads/") &&
      !pathname.startsWith("/assets/");
    if (!template || !isPageRequest) {
      return reply.status(404).send({ success: false, message: copy.errors.routeNotFound });
    }
    const key = `page:${pathname}`;
    const cached = await app.publicCache.fill(key, async () => {
      const meta = await pageMeta(app.db, pathname, options.publicUrl);
      // The status rides in front of the HTML so a cached 404 stays a 404.
      const preloads = meta.status === 200 ? routePreloads(pathname) : [];
      return `${meta.status}${renderIndex(template, meta, options.publicUrl, preloads)}`;
    });
    const status = Number(cached.body.slice(0, 3));
    return reply
      .status(status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(cached.body.slice(3));
  });
});
