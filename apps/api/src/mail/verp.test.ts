import { describe, expect, it } from "vitest";
import { readVerpAddress, verpAddress } from "./verp.ts";

const secret = "a-test-email-link-secret-of-enough-length";
const id = "0193650c-4b5a-7c1e-9d2f-3a4b5c6d7e8f";

describe("VERP addresses", () => {
  it("name the recipient row, fit in a local part and read back whatever the case", () => {
    const address = verpAddress(secret, "bounces", id, "bounces.shop.test");
    expect(address).toMatch(/^bounces\+[a-z2-7]{42}@bounces\.shop\.test$/);
    expect(address.split("@")[0]?.length).toBe(50);
    expect(verpAddress(secret, "unsubscribe", id, "x.test").split("@")[0]?.length).toBe(54);
    expect(readVerpAddress(secret, address)).toEqual({ purpose: "bounces", recipientId: id });
    expect(readVerpAddress(secret, address.toUpperCase())).toEqual({ purpose: "bounces", recipientId: id });
  });

  it("are refused when signed with another key, for the other purpose, or cut short", () => {
    const address = verpAddress(secret, "unsubscribe", id, "x.test");
    expect(readVerpAddress(`${secret}-rotated`, address)).toBeNull();
    expect(readVerpAddress(secret, address.replace("unsubscribe+", "bounces+"))).toBeNull();
    expect(readVerpAddress(secret, address.replace(/[a-z2-7]@/, "@"))).toBeNull();
    expect(readVerpAddress(secret, "bounces@x.test")).toBeNull();
  });
});
