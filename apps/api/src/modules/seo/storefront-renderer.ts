import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";

/** The web build's server entry (apps/web/src/entry-server.tsx): markup for #root plus its hydration JSON. */
export type RenderedPage = { html: string; state: string };
type PageRenderer = (url: string) => Promise<RenderedPage | undefined>;
type RendererModule = { createPageRenderer(transport: { baseUrl: string; fetch: typeof fetch }): PageRenderer };

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
 * Loads the renderer built beside the web app (`dist-ssr` next to `dist`), wired to this app's routes through
 * inject(): a page reads exactly what a browser would, from the same caches, without a socket. Without that
 * build the shop still works, rendered in the browser only.
 */
export async function loadStorefrontRenderer(app: FastifyInstance, webRoot: string): Promise<PageRenderer | undefined> {
  const entry = path.join(webRoot, "..", "dist-ssr", "entry-server.js");
  if (!existsSync(entry)) {
    app.log.warn("storefront renderer not built: pages are rendered in the browser only");
    return undefined;
  }
  const { createPageRenderer } = (await import(pathToFileURL(entry).href)) as RendererModule;
  const inject: typeof fetch = async (input, init) => {
    // Rendering only reads; a write from here would be a bug, not a request to serve.
    if ((init?.method ?? "GET") !== "GET") return new Response(null, { status: 405 });
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await app.inject({
      method: "GET",
      url: `${url.pathname}${url.search}`,
      headers: { accept: "application/json" },
    });
    return new Response(response.body, {
      status: response.statusCode,
      headers: { "content-type": String(response.headers["content-type"] ?? "application/json") },
    });
  };
  return createPageRenderer({ baseUrl: `${inProcessOrigin}/api`, fetch: inject });
}
