import { expect, it } from "vitest";
import { createLineGuard } from "./line-guard.ts";

it("drops over-long lines across chunks and reports their line numbers", () => {
  const dropped: number[] = [];
  const guard = createLineGuard(10, (line) => dropped.push(line));
  const out = [guard(Buffer.from("ok\nthis line is ")), guard(Buffer.from("far too long\nfine\n"))]
    .map(String)
    .join("");
  expect(out).toBe("ok\n\nfine\n");
  expect(dropped).toEqual([2]);
});
