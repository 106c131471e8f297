import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { loggableError } from "../../lib/errors.ts";
import { createRenderThread, type RenderedPage } from "./render-thread.ts";

/** The web build's server entry (apps/web/src/entry-server.tsx): markup for #root plus its hydration JSON. */
export type { RenderedPage };

type PageRenderer = (url: string) => Promise<RenderedPage | undefined>;

/** Storefront pages worth their first paint before the JavaScript: content and catalogue, not the cart or sign-in. */
const renderedPaths = [
  /^\/$/,
  /^\/shop$/,
  /^\/shop\/product\/[^/]+$/,
  /^\/(category|smart-locks|smart-switches|about|contact|terms|privacy|blog)$/,
  /^\/blog\/[^/]+$/,
];

export function isServerRendered(pathname: string): boolean {
  return renderedPaths.some((pattern) => pattern.test(pathname));
}

/** The origin the renderer's API calls are addressed to; they never leave the process. */
const inProcessOrigin = "http://storefront.internal";

/**
 * The renderer built beside the web app (`dist-ssr` next to `dist`), run on a thread of its own
 * (render-thread.ts) and wired to this app's routes through inject(): a page reads exactly what a
 * browser would, from the same caches, without a socket. Without that build the shop still works,
 * rendered in the browser only.
 */
export async function loadStorefrontRenderer(app: FastifyInstance, webRoot: string): Promise<PageRenderer | undefined> {
  const entry = path.join(webRoot, "..", "dist-ssr", "entry-server.js");
  if (!existsSync(entry)) {
    app.log.warn("storefront renderer not built: pages are rendered in the browser only");
    return undefined;
  }
  const thread = createRenderThread({
    entryUrl: pathToFileURL(entry).href,
    baseUrl: `${inProcessOrigin}/api`,
    async fetch(url) {
      const response = await app.inject({ method: "GET", url, headers: { accept: "application/json" } });
      return {
        status: response.statusCode,
        body: response.body,
        contentType: String(response.headers["content-type"] ?? "application/json"),
      };
    },
    onError: (error) => app.log.error({ err: loggableError(error) }, "rendering a storefront page failed"),
  });
  app.addHook("onClose", () => thread.close());
  return (url) => thread.render(url);
}
