import { expect, it } from "vitest";
import { pgArray } from "./sql.ts";

it("writes PostgreSQL array literals with quotes, backslashes and NULLs escaped", () => {
  expect(pgArray([])).toBe("{}");
  expect(pgArray(["a", null, 'say "hi"', "back\\slash", "a,b"])).toBe(
    '{"a",NULL,"say \\"hi\\"","back\\\\slash","a,b"}',
  );
});
