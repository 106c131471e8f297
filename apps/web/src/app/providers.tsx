import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Provider as ReduxProvider } from "react-redux";
import { queryClient } from "./query-client";
import { initialState, store } from "./store/store";

/**
 * Store and data cache, around the router. The store starts from what storage restored (synchronously),
 * so a page the browser renders itself needs no wait. A page the server rendered is hydrated from the
 * state it was rendered with (`serverState`); the restored cart and token then land as an ordinary update.
 */
export function AppProviders({ children, hydrating = false }: { children: ReactNode; hydrating?: boolean }) {
  return (
    <ReduxProvider store={store} serverState={hydrating ? initialState : undefined}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ReduxProvider>
  );
}
