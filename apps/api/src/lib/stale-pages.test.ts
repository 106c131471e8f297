import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createResponseCache } from "./response-cache.ts";
import { createStalePages } from "./stale-pages.ts";

describe("rendered pages served stale while they render again", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  const setUp = () => {
    const cache = createResponseCache();
    const page = createStalePages(cache, { refreshEveryMs: 1_000, maxStaleMs: 5_000 });
    let version = 0;
    const renders: number[] = [];
    const render = async () => {
      version += 1;
      renders.push(version);
      return `v${version}`;
    };
    return {
      cache,
      page: async () => (await page("page:/shop", render)).page,
      stale: () => page("page:/shop", render),
      renders,
    };
  };

  it("renders once, then answers from the cache", async () => {
    const { page, renders } = setUp();
    expect((await page()).body).toBe("v1");
    expect((await page()).body).toBe("v1");
    expect(renders).toEqual([1]);
  });

  it("after a write, serves the last copy and renders again at most once a second", async () => {
    const { cache, page, stale, renders } = setUp();
    await page();
    expect((await stale()).stale).toBe(false);
    cache.clear();
    vi.advanceTimersByTime(200);
    expect((await page()).body).toBe("v1");
    expect((await stale()).stale).toBe(true);
    expect(renders).toEqual([1]);

    vi.advanceTimersByTime(1_000);
    expect((await page()).body).toBe("v1");
    await Promise.resolve();
    expect(renders).toEqual([1, 2]);
    expect((await page()).body).toBe("v2");
  });

  it("never serves a copy older than the limit: the request waits for a fresh render", async () => {
    const { cache, page, renders } = setUp();
    await page();
    cache.clear();
    vi.advanceTimersByTime(5_000);
    expect((await page()).body).toBe("v2");
    expect(renders).toEqual([1, 2]);
  });
});
