import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/**
 * False on the server and while the browser hydrates its markup, then true; true from the start for a
 * page the browser renders itself. For what only the browser knows (history state, today's date), so the
 * first render in the browser still matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, inBrowser, onServer);
}
