import type { QueryClient } from "@tanstack/react-query";
import { type Location, matchRoutes, type Params, type RouteObject } from "react-router";

/** What a page needs first (its largest picture: banners, the grid, the product), put into a query client. */
export type Prefetch = (client: QueryClient, at: { params: Params; url: URL }) => Promise<void>;

type PrefetchHandle = { prefetch: Prefetch };

/**
 * A page's main data, in one place for both renderers. In the browser a navigation asks for it while
 * the page's code downloads and does not wait (the page shows its own loading state). On the server
 * the renderer awaits it into that request's own query client before rendering.
 */
export function prefetched(prefetch: Prefetch): Pick<RouteObject, "handle"> {
  return { handle: { prefetch } satisfies PrefetchHandle };
}

function prefetchOf(handle: unknown): Prefetch | undefined {
  const candidate = (handle as Partial<PrefetchHandle> | undefined)?.prefetch;
  return typeof candidate === "function" ? candidate : undefined;
}

/** Runs the prefetch of every route `url` matches, into `client`. */
export async function prefetchRoutes(routes: RouteObject[], url: URL, client: QueryClient): Promise<void> {
  const location: Partial<Location> = { pathname: url.pathname, search: url.search };
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map(({ route, params }) => prefetchOf(route.handle)?.(client, { params, url })));
}
