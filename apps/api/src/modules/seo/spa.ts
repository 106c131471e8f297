import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { copy } from "@shop/shared/copy";
import { renderedPageUrl } from "@shop/shared/page-url";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createCompressedVariants, preferredEncoding } from "../../lib/compressed-variants.ts";
import { createStalePages } from "../../lib/stale-pages.ts";
import { byTheMinute } from "../../plugins/public-cache.ts";
import { isBlogPage } from "./cached-pages.ts";
import { canonicalPagePath, pageMeta } from "./page-meta.ts";
import { createRoutePreloads } from "./preload.ts";
import { renderIndex } from "./render.ts";
import { isServerRendered, loadStorefrontRenderer } from "./storefront-renderer.ts";

type SpaOptions = { root: string | undefined; publicUrl: string };

/** A render failed (renderPage logged why): the shell is served this once, and not cached. */
class ShellOnly extends Error {
  constructor(readonly html: string) {
    super("served the shell: the page's render failed");
  }
}

/**
 * The app's one stylesheet goes into the page itself: on a phone's connection a separate, render-blocking
 * request costs a round trip before anything paints, and the whole of it is about 12 KB compressed.
 */
function inlineStylesheets(template: string, root: string): string {
  // Attributes are read one by one (a name, then maybe ="value"): no character can be read two ways.
  return template.replace(/<link rel="stylesheet"(?:\s+[\w-]+(?:="[^"]*")?)*\s*\/?>/g, (tag) => {
    const href = /\shref="(\/assets\/[^"]+\.css)"/.exec(tag)?.[1];
    const file = href && path.join(root, href);
    return file && existsSync(file) ? `<style>${readFileSync(file, "utf8")}</style>` : tag;
  });
}

/**
 * A bundler output name: a dash and a content hash of 8 or more characters before the extension, such as
 * index-Ab12_-Cd.js.br. Read from the name's first dash (the word before it holds none), each character
 * is read once: linear in the path.
 */
const hashedAsset = /(?:^|[^\w-])\w*-[\w-]{8,}\.(js|css|woff2?|svg|png|webp)(\.br|\.gz)?$/;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated.
 * Any other GET outside /api gets index.html carrying that page's title, description and
 * sharing tags (and a 404 status for pages that do not exist); the client router takes over.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const root = options.root && existsSync(path.join(options.root, "index.html")) ? options.root : undefined;
  const template = root ? inlineStylesheets(readFileSync(path.join(root, "index.html"), "utf8"), root) : undefined;
  const routePreloads = root ? createRoutePreloads(root) : () => [];
  const renderPage = root ? await loadStorefrontRenderer(app, root) : undefined;
  const compressed = createCompressedVariants();
  // A rendered page lags a staff write by at most 3 s; the JSON API never does (docs/decisions/005).
  const stalePage = createStalePages(app.publicCache, { refreshEveryMs: 1_000, maxStaleMs: 3_000 });
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Only bundler output carries a content hash in its name; files such as the sample CSV can change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`) && hashedAsset.test(filePath);
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
    // The browser's router shows "/shop/" and "/About" as their pages: the server sends them there for good.
    const canonical = canonicalPagePath(pathname);
    if (canonical && (await pageMeta(app.db, canonical, options.publicUrl)).status === 200) {
      // The Location is this site's path (canonicalPagePath never starts it with two slashes) and the query.
      return reply.redirect(`${canonical}${request.url.slice(pathname.length)}`, 301);
    }
    // A rendered page depends on the shop's filters, not on anything else in its query; the shell on neither.
    const rendered = renderPage !== undefined && isServerRendered(pathname);
    const pageUrl = rendered ? renderedPageUrl(request.url) : pathname;
    // The home page shows banners and the latest posts, the blog its posts: each with times of its own.
    const key = pathname === "/" || isBlogPage(pathname) ? byTheMinute(`page:${pageUrl}`) : `page:${pageUrl}`;
    const produce = async () => {
      const meta = await pageMeta(app.db, pathname, options.publicUrl);
      // The status rides in front of the HTML so a cached 404 stays a 404.
      const ok = meta.status === 200;
      const preloads = ok ? routePreloads(pathname) : [];
      const page = ok && rendered ? await renderPage(pageUrl) : undefined;
      const html = `${meta.status}${renderIndex(template, meta, options.publicUrl, preloads, page)}`;
      // The browser renders the page itself from the shell; kept, the shell would stand for the page until a write.
      if (ok && rendered && !page) throw new ShellOnly(html);
      return html;
    };
    let served: Awaited<ReturnType<typeof stalePage>>;
    try {
      served = rendered
        ? await stalePage(key, produce)
        : { page: await app.publicCache.fill(key, produce), stale: false };
    } catch (error) {
      if (!(error instanceof ShellOnly)) throw error;
      // Not cached, so not compressed either (the variants are kept by the cached copy's etag).
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(error.html.slice(3));
    }
    const { page: cached, stale } = served;
    // Readable by the page's script (PerformanceNavigationTiming.serverTiming): reload the data after hydrating.
    if (stale) reply.header("server-timing", "stale");
    const status = Number(cached.body.slice(0, 3));
    reply
      .status(status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("vary", "accept-encoding");
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(cached.body.slice(3));
    return reply
      .header("content-encoding", encoding)
      .send(await compressed(cached.etag, cached.body.slice(3), encoding));
  });
});
