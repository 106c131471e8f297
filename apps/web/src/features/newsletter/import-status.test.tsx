import type { ImportProgress } from "@shop/shared/schemas/newsletter";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ImportProgressBar, ImportResultView } from "./import-status";

const running: ImportProgress = {
  jobId: "job",
  status: "running",
  rowsRead: 90_000,
  bytesRead: 1_000,
  bytesTotal: 4_000,
  importedCount: 0,
  updatedCount: 0,
  skippedCount: 0,
  errors: [],
};

describe("import progress bar", () => {
  it("shows how far the file has been read", () => {
    render(<ImportProgressBar uploaded={1} progress={running} />);
    expect(screen.getByText("Importing subscribers… 90,000 rows read")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Import progress" }).getAttribute("aria-valuenow")).toBe("25");
  });

  it("says the rows are being saved once the whole file is read and the job still runs", () => {
    render(<ImportProgressBar uploaded={1} progress={{ ...running, bytesRead: 4_000 }} />);
    expect(screen.getByText("Saving subscribers… 90,000 rows read")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Import progress" }).getAttribute("aria-valuenow")).toBe("100");
  });
});

describe("import result", () => {
  it("says which encoding the file was read in", () => {
    render(<ImportResultView result={{ ...running, importedCount: 1, encoding: "Windows-1252" }} />);
    expect(screen.getByText("Read as Windows-1252")).toBeTruthy();
  });

  it("says how many rows were left out because their address is suppressed", () => {
    render(<ImportResultView result={{ ...running, importedCount: 1, suppressedCount: 2 }} />);
    expect(screen.getByText("2 row(s) left out: their address is on the suppression list.")).toBeTruthy();
  });
});
