import { describe, expect, it } from "vitest";
import { AddressSet } from "./address-set.ts";

describe("AddressSet", () => {
  it("answers exactly like a Set across growth, including non-ASCII addresses", () => {
    const set = new AddressSet();
    const reference = new Set<string>();
    for (let i = 0; i < 50_000; i += 1) {
      // Every third address repeats an earlier one; some carry multi-byte characters.
      const n = i % 3 === 2 ? Math.floor(i / 2) : i;
      const address = n % 7 === 0 ? `jörg.${n}@exämple.com` : `person${n}@example.com`;
      expect(set.add(address)).toBe(!reference.has(address));
      reference.add(address);
    }
    expect(set.size).toBe(reference.size);
    expect(set.has("person1@example.com")).toBe(true);
    expect(set.has("person1@example.co")).toBe(false);
    expect(set.has("")).toBe(false);
  });

  it("tells apart addresses whose hashes collide in the table", () => {
    const set = new AddressSet();
    // Enough to share slots in a small table; each must still be found by its own bytes.
    const addresses = Array.from({ length: 3000 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${i}@x.io`);
    for (const address of addresses) expect(set.add(address)).toBe(true);
    for (const address of addresses) expect(set.add(address)).toBe(false);
    expect(set.has("a0@x.iO")).toBe(false);
  });

  it("keeps long addresses whole across its 1 MB chunks", () => {
    const set = new AddressSet();
    // About 500 bytes each in UTF-8: several chunks, each ending where the next address would not fit.
    const addresses = Array.from({ length: 6000 }, (_, i) => `${"ü".repeat(240)}${i}@example.com`);
    for (const address of addresses) expect(set.add(address)).toBe(true);
    for (const address of addresses) expect(set.has(address)).toBe(true);
    expect(set.has(`${"ü".repeat(240)}6000@example.com`)).toBe(false);
    expect(set.size).toBe(6000);
  });
});
