import { combineReducers, legacy_createStore as createStore } from "@reduxjs/toolkit";
import { authReducer } from "./auth-slice";
import { cartReducer } from "./cart-slice";
import { uiReducer } from "./ui-slice";
import { userReducer } from "./user-slice";

export const reducers = {
  auth: authReducer,
  user: userReducer,
  cart: cartReducer,
  ui: uiReducer,
};

export const rootReducer = combineReducers(reducers);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A plain Redux store: the app dispatches plain actions only (no thunks), and leaving out Toolkit's
 * `configureStore` leaves its development checks and Immer out of the storefront's download too.
 * Without persistence: what tests render against.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  return createStore(rootReducer, preloadedState);
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];
