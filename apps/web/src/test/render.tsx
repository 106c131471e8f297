import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { Provider as ReduxProvider } from "react-redux";
import { type InitialEntry, type RouteObject, UNSAFE_createMemoryHistory } from "react-router";
import { AppRouter } from "@/app/app-router";
import { AppRoutes } from "@/app/app-routes";
import { createQueryClient } from "@/app/query-client";
import { type AppStore, makeStore } from "@/app/store/root-reducer";

type Options = { store?: AppStore; initialEntries?: InitialEntry[] };

/** Renders routes with the real store, query client and router, in memory, the way the app wires them. */
export function renderRoutes(routes: RouteObject[], { store = makeStore(), initialEntries = ["/"] }: Options = {}) {
  const history = UNSAFE_createMemoryHistory({ initialEntries, v5Compat: true });
  const view = render(
    <ReduxProvider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <AppRouter history={history}>
          <AppRoutes routes={routes} />
        </AppRouter>
      </QueryClientProvider>
    </ReduxProvider>,
  );
  // Where the app is now, as tests read it (`router.state.location`), and the browser's Back button.
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
    back: () => history.go(-1),
  };
  return { ...view, router, store };
}
