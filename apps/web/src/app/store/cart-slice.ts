import type { UnknownAction } from "@reduxjs/toolkit";
import { action } from "./actions";

export type CartProduct = {
  _id: string;
  name: string;
  price: number;
  image?: string;
  category?: string;
};

export type CartItem = CartProduct & { quantity: number };

export type CartState = {
  items: CartItem[];
  total: number;
};

const initialState: CartState = { items: [], total: 0 };

/** Σ price × quantity, kept in whole cents so 3 × 49.99 is 149.97 and not 149.97000000000003. */
export function cartTotal(items: readonly CartItem[]): number {
  const cents = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return cents / 100;
}

export const addToCart = action<CartProduct & { quantity?: number }>("cart/addToCart");
export const removeFromCart = action<string>("cart/removeFromCart");
/** Sets the quantity; zero or less removes the line, since a line of nothing is not a line. */
export const updateQuantity = action<{ id: string; quantity: number }>("cart/updateQuantity");
export const clearCart = action("cart/clearCart");

function withItems(items: CartItem[]): CartState {
  return { items, total: cartTotal(items) };
}

function added(items: CartItem[], { quantity = 1, ...product }: CartProduct & { quantity?: number }): CartItem[] {
  if (!items.some((item) => item._id === product._id)) return [...items, { ...product, quantity }];
  // The product as it is now: a line kept from an earlier visit must not hold on to an old price.
  return items.map((item) =>
    item._id === product._id ? { ...item, ...product, quantity: item.quantity + quantity } : item,
  );
}

function withQuantity(items: CartItem[], { id, quantity }: { id: string; quantity: number }): CartItem[] {
  if (quantity <= 0) return items.filter((item) => item._id !== id);
  return items.map((item) => (item._id === id ? { ...item, quantity } : item));
}

export function cartReducer(state: CartState = initialState, act: UnknownAction): CartState {
  if (addToCart.match(act)) return withItems(added(state.items, act.payload));
  if (removeFromCart.match(act)) return withItems(state.items.filter((item) => item._id !== act.payload));
  if (updateQuantity.match(act)) return withItems(withQuantity(state.items, act.payload));
  if (clearCart.match(act)) return initialState;
  return state;
}
