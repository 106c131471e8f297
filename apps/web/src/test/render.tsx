import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { Provider as ReduxProvider } from "react-redux";
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from "react-router";
import { createQueryClient } from "@/app/query-client";
import { type AppStore, makeStore } from "@/app/store/root-reducer";

type Options = { store?: AppStore; initialEntries?: InitialEntry[] };

/** Renders routes with the real store and query client, in memory, the way the app wires them. */
export function renderRoutes(routes: RouteObject[], { store = makeStore(), initialEntries = ["/"] }: Options = {}) {
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(
    <ReduxProvider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ReduxProvider>,
  );
  return { ...view, router, store };
}
