/** Spec section 7: the worker is registered from /sw.js once the page has loaded (not in development). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}

/** On sign-out the worker drops everything it cached, so the next person on this device sees nothing of it. */
export function clearServiceWorkerCaches(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: "logout" });
}
