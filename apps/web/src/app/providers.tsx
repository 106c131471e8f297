import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Provider as ReduxProvider } from "react-redux";
import { PersistGate } from "redux-persist/es/integration/react";
import { FullScreenSpinner } from "@/components/spinner";
import { queryClient } from "./query-client";
import { persistor, store } from "./store/store";

/** Store (restored from storage before anything renders) and data cache, around the router. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <PersistGate loading={<FullScreenSpinner />} persistor={persistor}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </PersistGate>
    </ReduxProvider>
  );
}
