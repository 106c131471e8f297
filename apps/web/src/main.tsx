import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { UNSAFE_createBrowserHistory } from "react-router";
import { AppRouter } from "./app/app-router";
import { AppRoutes } from "./app/app-routes";
import { AppProviders } from "./app/providers";
import { queryClient } from "./app/query-client";
import { navigationPreparer } from "./app/router";
import { buildRoutes } from "./app/routes";
import { installSessionHandling } from "./app/session";
import { readSsrState } from "./app/ssr-state";
import { store } from "./app/store/store";
import { FullScreenSpinner } from "./components/spinner";
import { registerServiceWorker } from "./lib/service-worker";
import "./index.css";

/** The server says this page is a copy from before the latest change (plugins/spa.ts, stale-pages.ts). */
function servedStale(): boolean {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return navigation?.serverTiming.some((timing) => timing.name === "stale") ?? false;
}

/** Resolves once the browser has had a frame to paint (a task after the next animation frame). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * A page the server rendered is hydrated: its data goes into the query cache and the lazy routes it shows
 * are loaded first, so the first render in the browser is the server's markup, not a spinner. Any other
 * page (the back office, the cart) is rendered here from scratch.
 */
async function start(container: HTMLElement) {
  const ssr = readSsrState(window.location);
  const routes = buildRoutes();
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  const { prepare } = navigationPreparer(routes);
  let root: Root | undefined;
  if (ssr) {
    // The page is already there to be shown: let the browser paint it before the work of hydrating begins,
    // or a phone's first frame waits for all of it.
    await afterNextPaint();
    hydrate(queryClient, ssr.queries);
    await prepare(history.location, { prefetch: false });
  } else {
    // A spinner while the page's code (and for /admin, the admin table) arrives, all at once: rendered
    // before it had, each layout would suspend in turn, and React holds back each reveal a little.
    container.replaceChildren();
    root = createRoot(container);
    root.render(<FullScreenSpinner />);
    await prepare(history.location)?.catch(() => undefined);
  }
  installSessionHandling({ store, queryClient, navigate: (to) => history.push(to) });
  const app = (
    <StrictMode>
      <AppProviders hydrating={Boolean(ssr)}>
        <AppRouter history={history} prepare={prepare}>
          <AppRoutes routes={routes} />
        </AppRouter>
      </AppProviders>
    </StrictMode>
  );
  if (ssr && servedStale()) {
    // A copy rendered just before a staff write: show it, then bring its data up to date.
    void queryClient.invalidateQueries();
  }
  if (ssr) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page: the page it already painted stays responsive to taps meanwhile.
    startTransition(() => {
      hydrateRoot(container, app, {
        // React then renders the page afresh, which works but throws away the server's paint: say so loudly.
        onRecoverableError: (error) => console.error("Hydration fell back to a client render:", error),
      });
    });
  } else {
    root?.render(app);
  }
}

registerServiceWorker();
const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into.");
void start(container);
