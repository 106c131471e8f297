import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addToCart } from "@/app/store/cart-slice";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { productOf } from "@/test/products";
import { renderRoutes } from "@/test/render";
import { CartPage } from "./cart-page";

const switchPanel = { _id: "s1", name: "Aura Touch Switch — 1 Gang", price: 49.99 };
const lock = { _id: "l1", name: "Fortress Fingerprint Lock", price: 249.99 };
const cartLines = [switchPanel, lock];

function storeWithCart() {
  const store = makeStore();
  store.dispatch(addToCart({ ...switchPanel, quantity: 2 }));
  store.dispatch(addToCart(lock));
  return store;
}

const renderCart = (store = storeWithCart()) =>
  renderRoutes([{ path: "/cart", element: <CartPage /> }], { store, initialEntries: ["/cart"] });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cart page", () => {
  it("totals price × quantity and follows quantity changes and removals", async () => {
    const user = userEvent.setup();
    const { store } = renderCart();
    expect(screen.getByTestId("cart-total").textContent).toBe("$349.97");

    await user.click(screen.getByRole("button", { name: "Increase quantity of Fortress Fingerprint Lock" }));
    expect(screen.getByTestId("cart-total").textContent).toBe("$599.96");
    await user.click(screen.getByRole("button", { name: "Decrease quantity of Aura Touch Switch — 1 Gang" }));
    expect(screen.getByTestId("cart-total").textContent).toBe("$549.97");
    await user.click(screen.getByRole("button", { name: "Remove Fortress Fingerprint Lock from the cart" }));
    expect(screen.getByTestId("cart-total").textContent).toBe("$49.99");
    expect(store.getState().cart.items).toEqual([expect.objectContaining({ _id: "s1", quantity: 1 })]);

    await user.click(screen.getByRole("button", { name: "Clear cart" }));
    expect(screen.getByText("Your cart is empty")).toBeTruthy();
  });

  it("requests a quote as one contact listing the items and total, then empties the cart and confirms", async () => {
    const user = userEvent.setup();
    // The cart looks its products up as it opens (they are as the cart holds them); the quote is the one POST.
    const { requests } = fakeFetch((request) => {
      if (request.method === "POST") return { status: 201, body: { success: true, message: "ok" } };
      const line = cartLines.find((product) => request.url.endsWith(`/products/${product._id}`));
      return line
        ? { body: { success: true, message: "ok", data: productOf(line) } }
        : { status: 404, body: { success: false, message: "Product not found" } };
    });
    const { store } = renderCart();
    const submit = screen.getByRole("button", { name: "Request a quote" });
    expect(submit).toHaveProperty("disabled", true);

    await user.type(screen.getByLabelText("Full Name"), "J");
    expect(await screen.findByText("Name must be at least 2 characters")).toBeTruthy();
    await user.type(screen.getByLabelText("Full Name"), "ane Doe");
    await user.type(screen.getByLabelText("Email Address"), "jane@example.com");
    await user.type(screen.getByLabelText("Phone Number"), "0123456789");
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
    await user.click(submit);

    expect(
      await screen.findByText("Your quote request has been sent. Our team will contact you within 24 hours."),
    ).toBeTruthy();
    const posts = requests.filter((request) => request.method === "POST");
    expect(posts).toHaveLength(1);
    expect(await posts[0]?.json()).toEqual({
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "0123456789",
      subject: "Quote request",
      messageType: "quoteRequest",
      createdBy: "website",
      request:
        "Quote request for:\n2 × Aura Touch Switch — 1 Gang ($49.99)\n1 × Fortress Fingerprint Lock ($249.99)\n\nTotal: $349.97",
      website: "",
    });
    expect(store.getState().cart).toEqual({ items: [], total: 0 });
  });

  it("keeps the cart and says so when the request fails", async () => {
    const user = userEvent.setup();
    fakeFetch({ status: 429, body: { success: false, message: "Too many requests. Please try again later." } });
    const { store } = renderCart();
    await user.type(screen.getByLabelText("Full Name"), "Jane Doe");
    await user.type(screen.getByLabelText("Email Address"), "jane@example.com");
    await user.type(screen.getByLabelText("Phone Number"), "0123456789");
    const submit = screen.getByRole("button", { name: "Request a quote" });
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
    await user.click(submit);

    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Failed to submit inquiry. Please try again.",
    );
    expect(store.getState().cart.items).toHaveLength(2);
  });
});
