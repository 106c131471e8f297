import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CartItem } from "@/app/store/cart-slice";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { productOf } from "@/test/products";
import { renderRoutes } from "@/test/render";
import { CartDrawer } from "./cart-drawer";
import { CartPage } from "./cart-page";

/** A cart saved weeks ago: the switch has since dropped to 39.99, the lock left the catalogue, the sensor is hidden. */
const keptItems: CartItem[] = [
  { _id: "s1", name: "Aura Touch Switch — 1 Gang", price: 49.99, quantity: 2 },
  { _id: "l1", name: "Fortress Fingerprint Lock", price: 249.99, quantity: 1 },
  { _id: "e1", name: "Climate Sensor", price: 79.99, quantity: 1 },
];
const keptCart = () => makeStore({ cart: { items: keptItems, total: 429.96 } });

/** The shop today, as GET /api/products/:id answers: staff are shown a hidden product, with its status. */
function shopToday() {
  return fakeFetch((request) => {
    const id = new URL(request.url).pathname.split("/").pop();
    if (id === "s1") {
      const product = productOf({ _id: "s1", name: "Aura Touch Switch — 1 Gang", price: 39.99, image: "/s1.webp" });
      return { body: { success: true, message: "ok", data: product } };
    }
    if (id === "e1") {
      const product = productOf({ _id: "e1", name: "Climate Sensor", price: 79.99, status: "inactive" });
      return { body: { success: true, message: "ok", data: product } };
    }
    return { status: 404, body: { success: false, message: "Product not found" } };
  });
}

const lookups = (requests: Request[]) => requests.map((request) => new URL(request.url).pathname).sort();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a cart kept from an earlier visit", () => {
  it("shows today's prices on the cart page and drops products no longer sold, telling the shopper", async () => {
    const { requests } = shopToday();
    const store = keptCart();
    renderRoutes([{ path: "/cart", element: <CartPage /> }], { store, initialEntries: ["/cart"] });

    await waitFor(() => expect(screen.getByTestId("cart-total").textContent).toBe("$79.98"));
    expect(
      screen.getByText(
        "Fortress Fingerprint Lock and Climate Sensor are no longer available and have been removed from your cart.",
      ),
    ).toBeTruthy();
    expect(store.getState().cart).toEqual({
      items: [{ _id: "s1", name: "Aura Touch Switch — 1 Gang", price: 39.99, image: "/s1.webp", quantity: 2 }],
      total: 79.98,
    });
    // One look-up per line, and none again once the lines have changed.
    expect(lookups(requests)).toEqual(["/api/products/e1", "/api/products/l1", "/api/products/s1"]);
  });

  it("shows today's prices in the drawer as it opens", async () => {
    shopToday();
    const store = keptCart();
    // The drawer has no props of its own, typed Record<string, never>: that types every key, onClose too, as never.
    const stayOpen = (() => {}) as never;
    renderRoutes([{ path: "/", element: <CartDrawer onClose={stayOpen} /> }], { store });

    await waitFor(() => expect(screen.getByTestId("drawer-total").textContent).toBe("$79.98"));
    expect(screen.getByText(/^Fortress Fingerprint Lock and Climate Sensor are no longer available/)).toBeTruthy();
    expect(store.getState().cart.items.map((item) => item.price)).toEqual([39.99]);
  });

  it("keeps a line as it is when the shop cannot be reached", async () => {
    fakeFetch({ status: 503, body: { success: false, message: "Service unavailable" } });
    const store = keptCart();
    renderRoutes([{ path: "/cart", element: <CartPage /> }], { store, initialEntries: ["/cart"] });

    // A failed look-up says nothing about the product: the shopper's cart is left alone.
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThanOrEqual(3));
    expect(store.getState().cart.items).toEqual(keptItems);
    expect(screen.getByTestId("cart-total").textContent).toBe("$429.96");
  });
});
