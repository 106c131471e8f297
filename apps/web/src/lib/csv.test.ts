import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csv", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])(
    "neutralises %j so a spreadsheet will not run it",
    (value) => {
      expect(csvCell(value).replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("leaves ordinary cells alone and quotes commas, quotes and line breaks", () => {
    expect(csvCell("Ada")).toBe("Ada");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  it("writes rows with CRLF line ends", () => {
    expect(
      toCsv([
        ["name", "note"],
        ["Ada", "-5"],
      ]),
    ).toBe("name,note\r\nAda,'-5\r\n");
  });
});
