import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Provider as ReduxProvider } from "react-redux";
import { PersistGate } from "redux-persist/es/integration/react";
import { FullScreenSpinner } from "@/components/spinner";
import { queryClient } from "./query-client";
import { initialState, persistor, store } from "./store/store";

/**
 * Store and data cache, around the router. A page the browser renders itself waits behind a spinner until
 * the cart and token are restored from storage. A page the server rendered is hydrated from the state it
 * was rendered with (`serverState`); what storage restores then lands as an ordinary update.
 */
export function AppProviders({ children, hydrating = false }: { children: ReactNode; hydrating?: boolean }) {
  const content = <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return hydrating ? (
    <ReduxProvider store={store} serverState={initialState}>
      {content}
    </ReduxProvider>
  ) : (
    <ReduxProvider store={store}>
      <PersistGate loading={<FullScreenSpinner />} persistor={persistor}>
        {content}
      </PersistGate>
    </ReduxProvider>
  );
}
