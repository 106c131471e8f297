import { combineReducers, configureStore } from "@reduxjs/toolkit";
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

/** A store without persistence: what tests render against. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];
