import { dehydrate, type Query, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { Provider as ReduxProvider } from "react-redux";
import { matchRoutes, StaticRouter } from "react-router";
import { AppRoutes, loadRoutesFor } from "./app/app-routes";
import { createQueryClient } from "./app/query-client";
import { prefetchRoutes } from "./app/route-prefetch";
import { buildRoutes } from "./app/routes";
import { type SsrState, serializeSsrState } from "./app/ssr-state";
import { initialState, store } from "./app/store/store";
import { configureApiTransport } from "./lib/api-client";

/** The markup for inside #root and the JSON the browser hydrates it with. */
export type RenderedPage = { html: string; state: string };

export type PageRenderer = (url: string) => Promise<RenderedPage | undefined>;

/** Rounds of "render, fetch what the render asked for": the page's own data, then what that data leads to. */
const maxDataRounds = 3;

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}

/** Queries a render created but nothing fetched (on the server, useQuery only registers them). */
const unfetched = (queries: Query[]) =>
  queries.filter((query) => query.state.status === "pending" && query.state.fetchStatus === "idle" && isEnabled(query));

/**
 * Renders storefront pages on the server, reading data through `transport` (the API in the same process).
 * A page is rendered only when all its data arrived: a missing product or a failing call is left to the
 * browser, which shows its own not-found or error state, so the server never hands over markup the
 * browser's first render would disagree with.
 */
export function createPageRenderer(transport: { baseUrl: string; fetch: typeof fetch }): PageRenderer {
  configureApiTransport(transport);
  const routes = buildRoutes();

  return async (url) => {
    const address = new URL(url, "http://storefront.invalid");
    if (!matchRoutes(routes, address.pathname)) return undefined;
    // The page's code is loaded before rendering, as the browser does before hydrating: the markup is the
    // page, not the spinner a suspended route would leave.
    const loaded = await Promise.resolve(loadRoutesFor(routes, address.pathname)).then(
      () => true,
      () => false,
    );
    if (!loaded) return undefined;

    const client = createQueryClient();
    await prefetchRoutes(routes, address, client);

    const render = () =>
      renderToString(
        <ReduxProvider store={store} serverState={initialState}>
          <QueryClientProvider client={client}>
            <StaticRouter location={url}>
              <AppRoutes routes={routes} />
            </StaticRouter>
          </QueryClientProvider>
        </ReduxProvider>,
      );
    let html = render();
    for (let round = 0; round < maxDataRounds; round++) {
      const waiting = unfetched(client.getQueryCache().getAll());
      if (waiting.length === 0) break;
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      html = render();
    }
    const queries = client.getQueryCache().getAll();
    if (queries.some((query) => query.state.status === "error") || unfetched(queries).length > 0) {
      client.clear();
      return undefined;
    }

    const state: SsrState = { url, queries: dehydrate(client) };
    // Its queries would otherwise keep their data, and a garbage-collection timer each, for gcTime (10 min).
    client.clear();
    return { html, state: serializeSsrState(state) };
  };
}
