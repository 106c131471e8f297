import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "./api-download";

describe("file downloads", () => {
  it("reads the file name the server offers", () => {
    expect(filenameFromDisposition('attachment; filename="activity-logs.csv"')).toBe("activity-logs.csv");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''logs%202025.csv")).toBe("logs 2025.csv");
    expect(filenameFromDisposition("attachment")).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
