import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs, Params, RouteObject } from "react-router";
import { queryClient } from "./query-client";

/** What a page needs first (its largest picture: banners, the grid, the product), put into a query client. */
export type Prefetch = (client: QueryClient, at: { params: Params; url: URL }) => Promise<void>;

type PrefetchHandle = { prefetch: Prefetch };

/**
 * A page's main data, in one place for both renderers. In the browser the route's loader asks for it
 * while the page's code downloads and does not wait (the page shows its own loading state). On the
 * server the renderer awaits `handle.prefetch` into that request's own query client before rendering.
 */
export function prefetched(prefetch: Prefetch): Pick<RouteObject, "loader" | "handle"> {
  return {
    handle: { prefetch } satisfies PrefetchHandle,
    loader: ({ params, request }: LoaderFunctionArgs) => {
      void prefetch(queryClient, { params, url: new URL(request.url) });
      return null;
    },
  };
}

export function prefetchOf(handle: unknown): Prefetch | undefined {
  const candidate = (handle as Partial<PrefetchHandle> | undefined)?.prefetch;
  return typeof candidate === "function" ? candidate : undefined;
}
