import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { createPageRenderer } from "./entry-server";
import { site } from "./lib/site";
import { shopSettings } from "./test/settings";

const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-dom/server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-dom/server")>();
  return {
    ...actual,
    renderToString: (node: ReactNode) => {
      renders.count++;
      return actual.renderToString(node);
    },
  };
});

const post = {
  _id: "post-1",
  title: "Five ways to a smarter hallway",
  slug: "smarter-hallway",
  excerpt: "Locks, lights and sensors that work together.",
  coverImage: null,
  author: "Shop team",
  publishedAt: "2025-04-20T12:00:00.000Z",
  readingMinutes: 3,
};

/** The API as the renderer reads it in process, each read recorded. */
function fakeApi() {
  const reads: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    reads.push(pathname);
    const data = pathname === "/api/blog/posts" ? [post] : pathname === "/api/settings" ? shopSettings : [];
    return new Response(JSON.stringify({ success: true, message: "ok", data }), {
      headers: { "content-type": "application/json" },
    });
  };
  return { reads, transport: { baseUrl: "http://storefront.test/api", fetch: fetch as typeof globalThis.fetch } };
}

describe("the server-rendered home page", () => {
  it("shows the latest blog posts in one render pass, read by the route's prefetch", async () => {
    const api = fakeApi();
    const page = await createPageRenderer(api.transport)("/");
    expect(page?.html).toContain("From the blog");
    expect(page?.html).toContain("Five ways to a smarter hallway");
    expect(page?.html).toContain('href="/blog/smarter-hallway"');
    // The route's prefetch read everything the page shows: one render, no second pass for data it lacked.
    expect(renders.count).toBe(1);
    expect(api.reads.filter((path) => path === "/api/blog/posts")).toHaveLength(1);
    expect(page?.state).toContain("Five ways to a smarter hallway");
  });
});

describe("the server-rendered contact, terms and privacy pages", () => {
  it.each(["/contact", "/terms", "/privacy"])("%s names the email staff keep in Settings, in one pass", async (url) => {
    renders.count = 0;
    const page = await createPageRenderer(fakeApi().transport)(url);
    expect(page?.html).toContain(shopSettings.contactEmail);
    expect(page?.html).not.toContain(site.email);
    expect(renders.count).toBe(1);
  });
});
