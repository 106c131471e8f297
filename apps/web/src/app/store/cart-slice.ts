import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

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

const cartSlice = createSlice({
  name: "cart",
  initialState,
  reducers: {
    addToCart(state, action: PayloadAction<CartProduct & { quantity?: number }>) {
      const { quantity = 1, ...product } = action.payload;
      const existing = state.items.find((item) => item._id === product._id);
      if (existing) existing.quantity += quantity;
      else state.items.push({ ...product, quantity });
      state.total = cartTotal(state.items);
    },
    removeFromCart(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item._id !== action.payload);
      state.total = cartTotal(state.items);
    },
    /** Sets the quantity; zero or less removes the line, since a line of nothing is not a line. */
    updateQuantity(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const { id, quantity } = action.payload;
      if (quantity <= 0) state.items = state.items.filter((item) => item._id !== id);
      else {
        const item = state.items.find((candidate) => candidate._id === id);
        if (item) item.quantity = quantity;
      }
      state.total = cartTotal(state.items);
    },
    clearCart: () => initialState,
  },
});

export const { addToCart, removeFromCart, updateQuantity, clearCart } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
