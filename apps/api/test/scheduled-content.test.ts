import { afterEach, describe, expect, it, vi } from "vitest";
import { blogPosts } from "../src/db/schema/index.ts";
import { call, createTestApp } from "./harness.ts";

const { app, database } = await createTestApp();
afterEach(() => {
  vi.useRealTimers();
});

const slugsListed = async () =>
  (await call<{ slug: string }[]>(app, { url: "/api/blog/posts" })).body.data.map((post) => post.slug);

describe("content scheduled for later appears on time, with no staff write in between", () => {
  it("lists and serves a post once its publication time has passed, though the list was cached before", async () => {
    const publishAt = new Date(Date.now() + 90_000);
    await database.db.insert(blogPosts).values({
      title: "Coming soon",
      slug: "coming-soon",
      body: "Soon.",
      status: "published",
      publishedAt: publishAt,
    });
    // Read (and cached) while the post is still scheduled.
    expect(await slugsListed()).not.toContain("coming-soon");
    expect((await call(app, { url: "/api/blog/posts/coming-soon" })).status).toBe(404);

    // Only the clock moves: Date, not timers, so the server's I/O goes on as usual.
    vi.useFakeTimers({ toFake: ["Date"], now: publishAt.getTime() + 60_000 });
    expect(await slugsListed()).toContain("coming-soon");
    expect((await call(app, { url: "/api/blog/posts/coming-soon" })).status).toBe(200);
  });

  it("lists a post in the sitemap once it is out, though the sitemap was cached before", async () => {
    const publishAt = new Date(Date.now() + 90_000);
    await database.db
      .insert(blogPosts)
      .values({ title: "Later", slug: "later-post", body: "Later.", status: "published", publishedAt: publishAt });
    expect((await call(app, { url: "/sitemap.xml" })).text).not.toContain("/blog/later-post");
    vi.useFakeTimers({ toFake: ["Date"], now: publishAt.getTime() + 60_000 });
    expect((await call(app, { url: "/sitemap.xml" })).text).toContain("/blog/later-post");
  });
});
