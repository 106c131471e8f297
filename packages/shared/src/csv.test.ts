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

it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])("guards %j so a spreadsheet will not run it", (value) => {
  expect(csvCell(value).replace(/^"/, "").startsWith("'")).toBe(true);
});

it("leaves ordinary cells alone, doubles quotes and writes rows with CRLF line ends", () => {
  expect(csvCell("Ada")).toBe("Ada");
  expect(csvCell(42)).toBe("42");
  expect(csvCell(new Date("2026-01-02T03:04:05.000Z"))).toBe("2026-01-02T03:04:05.000Z");
  expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
  expect(csvRow(["name", "note"]) + csvRow(["Ada", "-5"])).toBe("name,note\r\nAda,'-5\r\n");
});
