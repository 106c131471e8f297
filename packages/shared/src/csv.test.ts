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

/**
 * How Excel reads our comma-separated file where the list separator is `;` (German, French, Dutch,
 * Spanish): every `;` and line break starts a cell, and our quotes, mid-cell for it, are plain text.
 * A cell written as `"…` is read from after its opening quotes.
 */
function semicolonLocaleCells(written: string): string[] {
  return written.split(/[;\r\n]/).map((cell) => cell.replace(/^"+/, ""));
}

it.each([
  "hi;=1+1;x",
  "web;=cmd|' /C calc'!A0",
  "a;+1",
  "a;-1",
  "a;@SUM(A1)",
  'x;"=1+1',
  "first line\n=1+1;x",
  "a\r\n@b",
])("guards %j in every part a `;`-separated spreadsheet reads as a cell", (value) => {
  for (const cell of semicolonLocaleCells(csvCell(value))) expect(cell, csvCell(value)).not.toMatch(/^[=+\-@\t]/);
});

it("undoes the guard after `;` and line breaks too: every short text over the guard's characters round-trips", () => {
  const alphabet = ["a", ";", "\n", "\r", "'", '"', "=", "-"];
  let texts = [""];
  for (let length = 1; length <= 4; length += 1) {
    texts = [
      ...texts,
      ...texts.filter((text) => text.length === length - 1).flatMap((t) => alphabet.map((c) => t + c)),
    ];
  }
  expect(texts).toHaveLength(1 + 8 + 64 + 512 + 4096);
  for (const text of texts) {
    expect(unguardCell(guardCell(text)), JSON.stringify(text)).toBe(text);
    for (const cell of semicolonLocaleCells(csvCell(text))) expect(cell, JSON.stringify(text)).not.toMatch(/^[=+\-@]/);
  }
});
