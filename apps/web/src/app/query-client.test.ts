import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client";

describe("query client", () => {
  it("keeps data fresh 5 minutes, cached 10, retries once and ignores window focus", () => {
    expect(createQueryClient().getDefaultOptions().queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      retry: 1,
      refetchOnWindowFocus: false,
    });
  });
});
