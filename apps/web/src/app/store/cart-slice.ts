import type { UnknownAction } from "@reduxjs/toolkit";
import type { ProductDto } from "@shop/shared/schemas/products";
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

/** What a cart line keeps of a product, as the add-to-cart button and the cart's refresh both take it. */
export function cartProductOf(product: Pick<ProductDto, "_id" | "name" | "price" | "image" | "category">): CartProduct {
  return {
    _id: product._id,
    name: product.name,
    price: product.price,
    image: product.image,
    category: product.category?.name,
  };
}

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
/** The product as the shop has it now, for the line already holding it; the quantity stays the shopper's. */
export const refreshCartLine = action<CartProduct>("cart/refreshCartLine");

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

const sameLine = (item: CartItem, product: CartProduct) =>
  item.name === product.name &&
  item.price === product.price &&
  item.image === product.image &&
  item.category === product.category;

function refreshed(state: CartState, product: CartProduct): CartState {
  const line = state.items.find((item) => item._id === product._id);
  // Unchanged, the state stays the same object: nothing re-renders and nothing is written to storage.
  if (!line || sameLine(line, product)) return state;
  return withItems(state.items.map((item) => (item === line ? { ...product, quantity: item.quantity } : item)));
}

function withQuantity(items: CartItem[], { id, quantity }: { id: string; quantity: number }): CartItem[] {
  if (quantity <= 0) return items.filter((item) => item._id !== id);
  return items.map((item) => (item._id === id ? { ...item, quantity } : item));
}

export function cartReducer(state: CartState = initialState, act: UnknownAction): CartState {
  if (addToCart.match(act)) return withItems(added(state.items, act.payload));
  if (removeFromCart.match(act)) return withItems(state.items.filter((item) => item._id !== act.payload));
  if (updateQuantity.match(act)) return withItems(withQuantity(state.items, act.payload));
  if (refreshCartLine.match(act)) return refreshed(state, act.payload);
  if (clearCart.match(act)) return initialState;
  return state;
}
