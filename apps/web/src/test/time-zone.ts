import { afterAll, beforeAll } from "vitest";

/**
 * Runs the file's tests in New York: west of UTC, the midnight-UTC instant a day-only value (a banner's
 * dates, a post's publication day) is stored as falls on the evening before, so a formatter that uses
 * the browser's zone shows the wrong day there.
 */
export function westOfUtc(): void {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "America/New_York";
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
}
