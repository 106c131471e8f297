import { describe, expect, it } from "vitest";
import { fileProblem, importProblems, isCsvFile } from "./import-checks";

const csv = new File(["email\n"], "list.csv", { type: "text/csv" });

describe("import client checks", () => {
  it("takes a file typed text/csv or tab-separated, or named .csv, .tsv or .txt, whatever the other says", () => {
    expect(isCsvFile({ name: "export", type: "text/csv" })).toBe(true);
    expect(isCsvFile({ name: "LIST.CSV", type: "application/vnd.ms-excel" })).toBe(true);
    expect(isCsvFile({ name: "list.xlsx", type: "application/vnd.ms-excel" })).toBe(false);
    expect(isCsvFile({ name: "export.tsv", type: "" })).toBe(true);
    expect(isCsvFile({ name: "export", type: "text/tab-separated-values" })).toBe(true);
    expect(isCsvFile({ name: "Unicode Text.TXT", type: "text/plain" })).toBe(true);
    expect(fileProblem({ name: "photo.png", type: "image/png" })).toBe("Please select a valid CSV file");
  });

  it("asks for a file, then for a tag", () => {
    expect(importProblems(null, ["t1"])).toEqual({ file: "Please select a CSV file" });
    expect(importProblems(csv, [])).toEqual({ tags: "Please select at least one tag" });
    expect(importProblems(null, [])).toEqual({
      file: "Please select a CSV file",
      tags: "Please select at least one tag",
    });
    expect(importProblems(csv, ["t1"])).toBeNull();
  });
});
