import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "./harness.ts";

// A web build with a stand-in server entry: each render says which one it was and of what URL, and the
// first render of /about fails (as one that outlives the render thread's time-out does).
const build = mkdtempSync(path.join(tmpdir(), "shop-pages-"));
afterAll(() => rmSync(build, { recursive: true, force: true }));
const webDist = path.join(build, "dist");
mkdirSync(webDist);
mkdirSync(path.join(build, "dist-ssr"));
writeFileSync(
  path.join(webDist, "index.html"),
  '<!doctype html><html><head><title>Default</title>\n<meta name="description" content="default" />\n</head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(build, "dist-ssr", "entry-server.js"),
  `let renders = 0;
  let aboutFailed = false;
  export function createPageRenderer() {
    return async (url) => {
      if (url.startsWith("/about") && !aboutFailed) {
        aboutFailed = true;
        throw new Error("render failed");
      }
      renders += 1;
      return { html: "<p>render " + renders + " of " + url + "</p>", state: "{}" };
    };
  }`,
);
const { app } = await createTestApp({ config: { WEB_DIST: webDist, PUBLIC_URL: "https://shop.example" } });

const rendered = async (url: string) => {
  const response = await app.inject({ url });
  expect(response.statusCode).toBe(200);
  return /<p>render \d+ of ([^<]*)<\/p>/.exec(response.body)?.[0];
};

describe("rendered storefront pages are cached by what they show", () => {
  it("serves one render of a page whatever tracking or junk parameters the link carries", async () => {
    const first = await rendered("/smart-locks");
    expect(first).toBe("<p>render 1 of /smart-locks</p>");
    for (const url of [
      "/smart-locks?utm_source=news&utm_medium=email",
      "/smart-locks?fbclid=abc123",
      "/smart-locks?x=1",
    ])
      expect(await rendered(url), url).toBe(first);
  });

  it("keys the shop by its own filters only, in one order, and renders with just those", async () => {
    const page2 = await rendered("/shop?page=2&sortBy=price&sortOrder=asc&gclid=zzz");
    expect(page2).toMatch(/ of \/shop\?page=2&sortBy=price&sortOrder=asc<\/p>$/);
    expect(await rendered("/shop?sortOrder=asc&utm_campaign=x&sortBy=price&page=2")).toBe(page2);
    expect(await rendered("/shop?page=3&sortBy=price&sortOrder=asc")).not.toBe(page2);
  });

  it("does not keep the browser-only shell as the page when a render fails", async () => {
    const failed = await app.inject({ url: "/about" });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).not.toContain("<p>render");
    expect(await rendered("/about")).toMatch(/ of \/about<\/p>$/);
  });

  it("renders the pages that show scheduled content (home, blog) again once the minute turns, and no other", async () => {
    const home = await rendered("/");
    const blog = await rendered("/blog");
    const locks = await rendered("/smart-locks");
    try {
      // Banners start and end, and posts come out, at their own times: only the clock moves.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
      expect(await rendered("/")).not.toBe(home);
      expect(await rendered("/blog")).not.toBe(blog);
      expect(await rendered("/smart-locks")).toBe(locks);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps its pages however many one-off addresses (searches, dead links) are asked for", async () => {
    const locks = (await rendered("/smart-locks")) ?? "";
    expect(locks).not.toBe("");
    // More distinct addresses than the cache holds entries: each a search or a page that does not exist.
    for (let i = 0; i < 600; i += 1) {
      expect((await app.inject({ url: `/shop?search=flood-${i}` })).statusCode).toBe(200);
      expect((await app.inject({ url: `/no-such-page-${i}` })).statusCode).toBe(404);
    }
    // The stale copy (lib/stale-pages.ts) would hide a lost entry for a few seconds: ask the cache itself.
    expect(app.publicCache.get("page:/smart-locks")?.body).toContain(locks);
  });
});
