import { describe, expect, it } from "vitest";
import { fileProblem, importProblems, isCsvFile } from "./import-checks";

const csv = new File(["email\n"], "list.csv", { type: "text/csv" });

describe("import client checks", () => {
  it("takes a file typed CSV or named .csv, whatever the other says, and nothing else (spec section 5)", () => {
    expect(isCsvFile({ name: "export", type: "text/csv" })).toBe(true);
    expect(isCsvFile({ name: "LIST.CSV", type: "application/vnd.ms-excel" })).toBe(true);
    expect(isCsvFile({ name: "list.xlsx", type: "application/vnd.ms-excel" })).toBe(false);
    expect(fileProblem({ name: "notes.txt", type: "text/plain" })).toBe("Please select a valid CSV file");
    expect(fileProblem({ name: "export.tsv", type: "text/tab-separated-values" })).toBe(
      "Please select a valid CSV file",
    );
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
