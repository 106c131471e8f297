import { type PersistStorage, persistChanges, restoredState } from "./persisted-state";
import { makeStore, rootReducer } from "./root-reducer";

/** localStorage in the browser, if the browser lets us have it; nothing on the server. */
function browserStorage(): PersistStorage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The state before anything is restored: what a server-rendered page was rendered from, so the first
 * render in the browser (hydration) reads the same, and the restored cart and token show just after.
 */
export const initialState = rootReducer(undefined, { type: "@@shop/init" });

const storage = browserStorage();

/** The app's store, starting from what storage holds (auth token and cart), and saving them as they change. */
export const store = makeStore(restoredState(initialState, storage));
persistChanges(store, storage);
