import { describe, expect, it } from "vitest";
import { westOfUtc } from "@/test/time-zone";
import { scheduleOf } from "./banner-columns";

westOfUtc();

describe("a banner's schedule in the admin list", () => {
  it("shows the days the banner was saved with, whatever the browser's time zone", () => {
    expect(new Date("2025-11-28T00:00:00.000Z").getDate()).toBe(27);
    expect(scheduleOf({ startsAt: "2025-11-28T00:00:00.000Z", endsAt: "2025-11-30T00:00:00.000Z" })).toBe(
      "Nov 28, 2025 – Nov 30, 2025",
    );
    expect(scheduleOf({ startsAt: "2025-11-28T00:00:00.000Z", endsAt: null })).toBe("From Nov 28, 2025");
    expect(scheduleOf({ startsAt: null, endsAt: "2025-11-30T00:00:00.000Z" })).toBe("Until Nov 30, 2025");
  });
});
