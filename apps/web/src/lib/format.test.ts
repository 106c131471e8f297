import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatPrice } from "./format";

describe("format helpers", () => {
  it("shows a short month, day and year, or N/A without a valid date", () => {
    expect(formatDate("2025-03-05T10:00:00Z")).toBe("Mar 5, 2025");
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate("not a date")).toBe("N/A");
    expect(formatDate(undefined, "Not sent")).toBe("Not sent");
  });

  it("separates thousands and counts a missing value as 0", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(undefined)).toBe("0");
  });

  it("formats prices as money", () => {
    expect(formatPrice(49.99)).toBe("$49.99");
  });

  it("writes every price exactly as Intl does for US dollars", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const amounts = [0, 0.5, 1, 9.9, 49.99, 199.99, 999.99, 1000, 1234.5, 99999.99, 1_000_000, 12_345_678.9, -12.3];
    for (let cents = 0; cents < 200_000; cents += 1_337) amounts.push(cents / 100);
    for (const amount of amounts) expect(formatPrice(amount), String(amount)).toBe(intl.format(amount));
  });
});
