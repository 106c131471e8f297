import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { FLUSH, PAUSE, PERSIST, PURGE, persistReducer, persistStore, REGISTER, REHYDRATE } from "redux-persist";
import createWebStorage from "redux-persist/es/storage/createWebStorage";
import { authReducer } from "./auth-slice";
import { cartReducer } from "./cart-slice";
import { reducers } from "./root-reducer";

/** localStorage in the browser; nothing on the server, which renders pages from the initial state. */
const storage =
  typeof window === "undefined"
    ? { getItem: async () => null, setItem: async () => undefined, removeItem: async () => undefined }
    : createWebStorage("local");

/** Spec section 9: give up restoring from storage after 5 s rather than hang the app. */
const timeout = 5000;

/**
 * Only auth and cart survive a reload (localStorage `persist:auth`, `persist:cart`); of auth only
 * the token, so a half-finished sign-in or a stale error does not come back. The user and role
 * are fetched again by the session check.
 */
export const store = configureStore({
  reducer: combineReducers({
    ...reducers,
    auth: persistReducer({ key: "auth", storage, whitelist: ["token"], timeout }, authReducer),
    cart: persistReducer({ key: "cart", storage, timeout }, cartReducer),
  }),
  middleware: (getDefaultMiddleware) =>
    getDefaultMiddleware({
      serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
    }),
});

/**
 * The state before anything is restored: what a server-rendered page was rendered from, so the first
 * render in the browser (hydration) reads the same and the restored cart and token arrive just after.
 */
export const initialState = store.getState();

export const persistor = persistStore(store);
