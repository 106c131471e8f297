import { describe, expect, it } from "vitest";
import { addToCart } from "./cart-slice";
import { persistChanges, restoredState } from "./persisted-state";
import { makeStore } from "./root-reducer";
import { signedIn } from "./session-actions";

/** An in-memory localStorage. */
function memoryStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

const lamp = { _id: "p1", name: "Lamp", price: 49.99 };
const user = { _id: "u1", name: "Jane", email: "jane@example.com", isSuperAdmin: false, role: null };

describe("persisted state", () => {
  it("restores the cart and token redux-persist saved, and nothing else of auth", () => {
    const storage = memoryStorage({
      "persist:cart": JSON.stringify({
        items: JSON.stringify([{ ...lamp, quantity: 2 }]),
        total: "99.98",
        _persist: '{"version":-1,"rehydrated":true}',
      }),
      "persist:auth": JSON.stringify({ token: '"ey.token"', error: '"stale"', _persist: "{}" }),
    });
    const state = restoredState(makeStore().getState(), storage);
    expect(state.cart).toEqual({ items: [{ ...lamp, quantity: 2 }], total: 99.98 });
    expect(state.auth).toEqual({ token: "ey.token", isLoading: false, error: null });
  });

  it("starts empty from a corrupt entry", () => {
    const initial = makeStore().getState();
    expect(restoredState(initial, memoryStorage({ "persist:cart": "{not json" })).cart).toEqual(initial.cart);
  });

  it("saves cart and token as they change, in the format it restores", () => {
    const storage = memoryStorage();
    const store = makeStore();
    persistChanges(store, storage);
    store.dispatch(addToCart(lamp));
    store.dispatch(signedIn({ token: "ey.new", user }));
    expect(JSON.parse(JSON.parse(storage.getItem("persist:auth") ?? "{}").token)).toBe("ey.new");
    expect(Object.keys(JSON.parse(storage.getItem("persist:auth") ?? "{}"))).toEqual(["_persist", "token"]);
    const restored = restoredState(makeStore().getState(), storage);
    expect(restored.cart.items).toEqual([{ ...lamp, quantity: 1 }]);
    expect(restored.auth.token).toBe("ey.new");
  });
});
