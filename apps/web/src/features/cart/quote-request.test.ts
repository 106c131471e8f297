import { describe, expect, it } from "vitest";
import { type CartItem, cartTotal } from "@/app/store/cart-slice";
import { quoteRequestBody, quoteRequestText } from "./quote-request";

const items: CartItem[] = [
  { _id: "s1", name: "Aura Touch Switch — 1 Gang", price: 49.99, quantity: 2 },
  { _id: "l1", name: "Fortress Fingerprint Lock", price: 249.99, quantity: 1 },
];

describe("quote request", () => {
  it("lists each item as quantity × name (unit price), then the total of price × quantity", () => {
    expect(cartTotal(items)).toBe(349.97);
    expect(quoteRequestText(items, cartTotal(items))).toBe(
      [
        "Quote request for:",
        "2 × Aura Touch Switch — 1 Gang ($49.99)",
        "1 × Fortress Fingerprint Lock ($249.99)",
        "",
        "Total: $349.97",
      ].join("\n"),
    );
  });

  it("is one quoteRequest contact from the website, with the visitor's details and the honeypot", () => {
    const body = quoteRequestBody({ name: "Jane", email: "jane@example.com", phone: "0123456789" }, items, 349.97);
    expect(body).toEqual({
      name: "Jane",
      email: "jane@example.com",
      phone: "0123456789",
      subject: "Quote request",
      messageType: "quoteRequest",
      createdBy: "website",
      request: quoteRequestText(items, 349.97),
      website: "",
    });
  });
});
