import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);
afterEach(() => {
  vi.useRealTimers();
});

const banner = (title: string, startsAt: string, endsAt: string) => ({
  title,
  image: "/uploads/banners/abcdef0123-800.webp",
  startsAt,
  endsAt,
});

/** The storefront's banners at a given instant: only Date moves, so the server's I/O goes on as usual. */
async function liveTitlesAt(instant: string): Promise<string[]> {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(instant) });
  const response = await call<HeroBannerDto[]>(app, { url: "/api/hero-banners" });
  vi.useRealTimers();
  return response.body.data.map((b) => b.title);
}

describe("a hero banner's dates are whole days, the end day included", () => {
  it("accepts a one-day banner (start = end) and shows it through that day", async () => {
    const created = await call<HeroBannerDto>(app, {
      method: "POST",
      url: "/api/hero-banners",
      token: admin,
      body: banner("Black Friday", "2031-11-28", "2031-11-28"),
    });
    expect(created.status).toBe(201);
    expect(await liveTitlesAt("2031-11-27T23:59:00Z")).not.toContain("Black Friday");
    expect(await liveTitlesAt("2031-11-28T18:00:00Z")).toContain("Black Friday");
    expect(await liveTitlesAt("2031-11-29T00:00:00Z")).not.toContain("Black Friday");
  });

  it("shows a banner ending on day D all of D, and not after", async () => {
    const created = await call<HeroBannerDto>(app, {
      method: "POST",
      url: "/api/hero-banners",
      token: admin,
      body: banner("Cyber week", "2031-12-01", "2031-12-03"),
    });
    expect(created.status).toBe(201);
    expect(await liveTitlesAt("2031-12-03T18:00:00Z")).toContain("Cyber week");
    expect(await liveTitlesAt("2031-12-03T23:59:00Z")).toContain("Cyber week");
    expect(await liveTitlesAt("2031-12-04T00:00:00Z")).not.toContain("Cyber week");
  });

  it("lets an edit make a banner one day long, and still refuses an end before the start", async () => {
    const created = await call<HeroBannerDto>(app, {
      method: "POST",
      url: "/api/hero-banners",
      token: admin,
      body: banner("Spring preview", "2032-03-01", "2032-03-05"),
    });
    const url = `/api/hero-banners/${created.body.data._id}`;
    const oneDay = await call<HeroBannerDto>(app, { method: "PUT", url, token: admin, body: { endsAt: "2032-03-01" } });
    expect(oneDay.status).toBe(200);
    expect(oneDay.body.data.endsAt?.slice(0, 10)).toBe("2032-03-01");
    const reversed = await call(app, { method: "PUT", url, token: admin, body: { startsAt: "2032-03-02" } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors?.endsAt).toBeDefined();
  });

  it("takes a date and time as the day it names, so the end day is not stretched past it", async () => {
    const created = await call<HeroBannerDto>(app, {
      method: "POST",
      url: "/api/hero-banners",
      token: admin,
      body: banner("Flash sale", "2031-10-10T09:00:00-05:00", "2031-10-10T17:00:00-05:00"),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      startsAt: "2031-10-10T00:00:00.000Z",
      endsAt: "2031-10-10T00:00:00.000Z",
    });
    expect(await liveTitlesAt("2031-10-11T00:00:00Z")).not.toContain("Flash sale");
  });
});
