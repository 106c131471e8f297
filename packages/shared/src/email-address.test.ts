import { describe, expect, it } from "vitest";
import { normaliseEmail } from "./email-address.ts";
import { emailSchema, loginSchema } from "./schemas/users.ts";

// Punycode forms below are from RFC 3492's algorithm as any registrar shows them, not from our code.
describe("addresses with an internationalised domain", () => {
  it.each([
    ["Anna@Bücher.DE", "anna@xn--bcher-kva.de"],
    ["  jo@münchen.example ", "jo@xn--mnchen-3ya.example"],
    ["kai@例え.jp", "kai@xn--r8jz45g.jp"],
    ["lea@straße.de", "lea@xn--strae-oqa.de"],
    ["plain@example.com", "plain@example.com"],
  ])("are kept with the domain in punycode: %s", (raw, kept) => {
    expect(normaliseEmail(raw)).toBe(kept);
    expect(emailSchema.parse(raw)).toBe(kept);
  });

  it("sign in with either form of the domain", () => {
    expect(loginSchema.parse({ email: "Anna@Bücher.de", password: "x" }).email).toBe("anna@xn--bcher-kva.de");
  });

  it.each([
    "josé@example.com", // a local part past ASCII: only SMTPUTF8 relays carry it
    "anna@bücher.de/evil", // not a domain: a URL would have dropped the path
    "anna@bücher.de?x",
    "anna@１２７.０.０.１", // full-width digits that map to an IPv4 address
    "anna@bü cher.de",
    "anna@",
  ])("are refused when they are not addresses a relay takes: %s", (raw) => {
    expect(emailSchema.safeParse(raw).success).toBe(false);
  });
});
