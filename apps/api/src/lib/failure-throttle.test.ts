import { describe, expect, it } from "vitest";
import { createMemoryThrottle } from "./failure-throttle.ts";

describe("failure throttle", () => {
  it("blocks after the limit inside the window and frees the key when the window passes", () => {
    const throttle = createMemoryThrottle(3, 60_000);
    for (const at of [0, 10_000, 20_000]) throttle.recordFailure("k", at);
    expect(throttle.blockedFor("k", 21_000)).toBe(39);
    expect(throttle.blockedFor("k", 60_001)).toBeNull();
    expect(throttle.blockedFor("other", 21_000)).toBeNull();
  });

  it("forgets a key on reset", () => {
    const throttle = createMemoryThrottle(1, 60_000);
    throttle.recordFailure("k", 0);
    expect(throttle.blockedFor("k", 1)).not.toBeNull();
    throttle.reset("k");
    expect(throttle.blockedFor("k", 1)).toBeNull();
  });
});
