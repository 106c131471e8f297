import { contactCreateSchema } from "@shop/shared/schemas/contacts";
import { subscribeSchema } from "@shop/shared/schemas/newsletter";
import { loginSchema } from "@shop/shared/schemas/users";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { maxJsonDepth, nestsDeeperThan, publicBodyLimitFor } from "./body-limits.ts";

describe("nestsDeeperThan", () => {
  it("counts arrays and objects, and only them", () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('"just text"', 0)).toBe(false);
  });

  it("skips brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ a: `${"[{".repeat(1000)}"\\` });
    expect(nestsDeeperThan(text, 1)).toBe(false);
    expect(nestsDeeperThan(`[${text}]`, 1)).toBe(true);
  });

  it("finds 1 MB of [[[…]]] and leaves JSON.parse to refuse closing brackets with no opening", () => {
    expect(nestsDeeperThan(`${"[".repeat(500_000)}${"]".repeat(500_000)}`, maxJsonDepth)).toBe(true);
    expect(nestsDeeperThan(`]]]]]]]]]]]]${"[".repeat(maxJsonDepth)}`, maxJsonDepth)).toBe(false);
  });
});

describe("publicBodyLimitFor", () => {
  it("sizes a public body from its schema, between 2 KB and 16 KB", () => {
    expect(publicBodyLimitFor(subscribeSchema)).toBe(2048);
    // Braces; "email" 254, "password" 200 and "name" 1000 characters at three UTF-8 bytes each,
    // quoted, each with its quoted key and colon (and a comma).
    const withName = loginSchema.extend({ name: z.string().max(1000) });
    expect(publicBodyLimitFor(withName)).toBe(2 + (9 + 254 * 3 + 2) + (12 + 200 * 3 + 2) + (8 + 1000 * 3 + 2));
    // The phone has a pattern but no length: unbounded, so the ceiling.
    expect(publicBodyLimitFor(contactCreateSchema)).toBe(16 * 1024);
    expect(publicBodyLimitFor(undefined)).toBe(2048);
  });
});
