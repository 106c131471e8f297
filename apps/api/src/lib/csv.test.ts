import { expect, it } from "vitest";
import { csvCell, csvRow, guardCell, unguardCell } from "./csv.ts";

it("neutralises formula cells and quotes what needs quoting", () => {
  expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  expect(csvCell("+1")).toBe("'+1");
  expect(csvCell("-5")).toBe("'-5");
  expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  expect(csvCell("a,b")).toBe('"a,b"');
  expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
  expect(csvCell(null)).toBe("");
  expect(csvRow(["a", 1, true])).toBe("a,1,true\r\n");
});

it("undoes its guard exactly, so every value survives a round trip", () => {
  const values = ["+x@example.com", "=1", "-z", "@w", "\tx", "'+q", "''=r", "'plain", "plain", "", "'"];
  for (const value of values) expect(unguardCell(guardCell(value)), value).toBe(value);
  expect(guardCell("'+q")).toBe("''+q");
  expect(guardCell("'plain")).toBe("'plain");
});
