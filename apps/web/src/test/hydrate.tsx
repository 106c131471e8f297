import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { Provider as ReduxProvider } from "react-redux";
import { type InitialEntry, type RouteObject, StaticRouter, UNSAFE_createMemoryHistory } from "react-router";
import { onTestFinished, vi } from "vitest";
import { AppRouter } from "@/app/app-router";
import { AppRoutes } from "@/app/app-routes";
import { createQueryClient } from "@/app/query-client";
import { makeStore } from "@/app/store/root-reducer";

type Options = {
  /** The address the server renders: a URL only, as a request carries no router state. */
  url?: string;
  /** Where the browser is when it hydrates: the same address, perhaps with history state. */
  entry?: InitialEntry;
  /** Runs between the two renders: the browser's own settings (a media query, the clock), early typing. */
  beforeHydrate?: (container: HTMLElement) => void;
};

function withProviders(router: (children: ReactNode) => ReactNode, routes: RouteObject[]): ReactNode {
  return (
    <ReduxProvider store={makeStore()}>
      <QueryClientProvider client={createQueryClient()}>{router(<AppRoutes routes={routes} />)}</QueryClientProvider>
    </ReduxProvider>
  );
}

/**
 * Renders `routes` to a string as the server does, then hydrates that markup as the browser does, and
 * returns what React said about the two disagreeing: a mismatch it recovered from by throwing the server's
 * markup away, or one it only warned about (an attribute).
 */
export async function hydrateServerMarkup(
  routes: RouteObject[],
  { url = "/", entry = url, beforeHydrate }: Options = {},
) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(
    withProviders((children) => <StaticRouter location={url}>{children}</StaticRouter>, routes),
  );
  document.body.append(container);
  beforeHydrate?.(container);

  const mismatches: string[] = [];
  const consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    mismatches.push(args.map(String).join(" "));
  });
  const history = UNSAFE_createMemoryHistory({ initialEntries: [entry], v5Compat: true });
  const root = await act(async () =>
    hydrateRoot(
      container,
      withProviders((children) => <AppRouter history={history}>{children}</AppRouter>, routes),
      { onRecoverableError: (error) => mismatches.push(String(error)) },
    ),
  );
  consoleError.mockRestore();
  onTestFinished(() => {
    act(() => root.unmount());
    container.remove();
  });
  return { container, mismatches };
}
