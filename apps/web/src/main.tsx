import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./app/providers";
import { queryClient } from "./app/query-client";
import { router } from "./app/router";
import { installSessionHandling } from "./app/session";
import { store } from "./app/store/store";
import { registerServiceWorker } from "./lib/service-worker";
import "./index.css";

installSessionHandling({ store, queryClient, navigate: (to) => void router.navigate(to) });
registerServiceWorker();

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into.");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
