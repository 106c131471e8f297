import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartReducer,
  cartTotal,
  clearCart,
  refreshCartLine,
  removeFromCart,
  updateQuantity,
} from "./cart-slice";

const lock = { _id: "lock", name: "Smart Lock", price: 199.99 };
const switchPanel = { _id: "switch", name: "Touch Switch", price: 49.99 };
const empty = cartReducer(undefined, { type: "init" });

describe("cart reducer", () => {
  it("appends a new product with quantity 1 and totals it", () => {
    const state = cartReducer(empty, addToCart(lock));
    expect(state.items).toEqual([{ ...lock, quantity: 1 }]);
    expect(state.total).toBe(199.99);
  });

  it("raises the quantity when the same product is added again instead of adding a line", () => {
    let state = cartReducer(empty, addToCart(switchPanel));
    state = cartReducer(state, addToCart({ ...switchPanel, quantity: 2 }));
    expect(state.items).toHaveLength(1);
    expect(state.items[0]?.quantity).toBe(3);
    expect(state.total).toBe(149.97);
  });

  it("takes the product's current price, name and image when it is added again, keeping the quantity", () => {
    // A persisted cart can hold a line for weeks: adding the product again is the shopper seeing today's price.
    let state = cartReducer(empty, addToCart({ ...lock, image: "/old.webp" }));
    state = cartReducer(state, addToCart({ ...lock, name: "Smart Lock Pro", price: 149.99, image: "/new.webp" }));
    expect(state.items).toEqual([
      { _id: "lock", name: "Smart Lock Pro", price: 149.99, image: "/new.webp", quantity: 2 },
    ]);
    expect(state.total).toBe(299.98);
  });

  it("refreshes a line to the shop's product, leaving the state as it was when nothing changed", () => {
    const state = cartReducer(empty, addToCart({ ...lock, quantity: 2 }));
    const cheaper = cartReducer(state, refreshCartLine({ ...lock, price: 149.99 }));
    expect(cheaper.items).toEqual([{ ...lock, price: 149.99, quantity: 2 }]);
    expect(cheaper.total).toBe(299.98);
    // The same object: nothing re-renders and nothing is written to storage for a line already current.
    expect(cartReducer(state, refreshCartLine(lock))).toBe(state);
    expect(cartReducer(state, refreshCartLine(switchPanel))).toBe(state);
  });

  it("keeps the total the sum of price times quantity across lines", () => {
    let state = cartReducer(empty, addToCart(lock));
    state = cartReducer(state, addToCart({ ...switchPanel, quantity: 2 }));
    expect(state.total).toBe(299.97);
  });

  it("removes a line by id and recomputes the total", () => {
    let state = cartReducer(empty, addToCart(lock));
    state = cartReducer(state, addToCart(switchPanel));
    state = cartReducer(state, removeFromCart("lock"));
    expect(state.items.map((item) => item._id)).toEqual(["switch"]);
    expect(state.total).toBe(49.99);
  });

  it("sets the quantity of a line, and drops the line at zero", () => {
    let state = cartReducer(empty, addToCart(lock));
    state = cartReducer(state, updateQuantity({ id: "lock", quantity: 4 }));
    expect(state.items[0]?.quantity).toBe(4);
    expect(state.total).toBe(799.96);
    state = cartReducer(state, updateQuantity({ id: "lock", quantity: 0 }));
    expect(state.items).toEqual([]);
    expect(state.total).toBe(0);
  });

  it("ignores a quantity update for a product not in the cart", () => {
    const state = cartReducer(cartReducer(empty, addToCart(lock)), updateQuantity({ id: "nope", quantity: 5 }));
    expect(state.items).toEqual([{ ...lock, quantity: 1 }]);
  });

  it("clears every line and sets the total to 0", () => {
    let state = cartReducer(empty, addToCart(lock));
    state = cartReducer(state, clearCart());
    expect(state).toEqual({ items: [], total: 0 });
  });

  it("totals in whole cents, free of floating-point dust", () => {
    expect(cartTotal([{ ...switchPanel, quantity: 3 }])).toBe(149.97);
    expect(cartTotal([])).toBe(0);
  });
});
