import type { BlogPostSummary } from "@shop/shared/schemas/blog";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { LatestPosts } from "./latest-posts";

const postOf = (index: number, publishedAt: string): BlogPostSummary => ({
  _id: `post-${index}`,
  title: `Post number ${index}`,
  slug: `post-${index}`,
  excerpt: `What post ${index} is about.`,
  coverImage: null,
  author: "Shop team",
  publishedAt,
  readingMinutes: 3,
});

// GET /blog/posts answers newest first.
const posts = [
  postOf(4, "2025-04-20T12:00:00.000Z"),
  postOf(3, "2025-03-15T12:00:00.000Z"),
  postOf(2, "2025-02-10T12:00:00.000Z"),
  postOf(1, "2025-01-05T12:00:00.000Z"),
];

function renderLatest(reply: { status?: number; body: unknown }) {
  const { requests } = fakeFetch(reply);
  renderRoutes([{ path: "/", element: <LatestPosts /> }]);
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("latest posts on the home page", () => {
  it("shows the three latest published posts with title, excerpt and date, each linking to the post", async () => {
    const requests = renderLatest({ body: { success: true, message: "ok", data: posts } });
    const section = within(screen.getByRole("region", { name: "From the blog" }));

    const titles = await section.findAllByRole("heading", { level: 3 });
    expect(titles.map((title) => title.textContent)).toEqual(["Post number 4", "Post number 3", "Post number 2"]);
    expect(section.getByRole("link", { name: "Post number 4" }).getAttribute("href")).toBe("/blog/post-4");
    expect(section.getByText("What post 4 is about.")).toBeTruthy();
    expect(section.getByText("Apr 20, 2025").getAttribute("datetime")).toBe("2025-04-20T12:00:00.000Z");
    expect(section.queryByText("Post number 1")).toBeNull();
    expect(section.getByRole("link", { name: "All articles" }).getAttribute("href")).toBe("/blog");
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/api/blog/posts");
  });

  it("says so while loading and when there are no posts yet", async () => {
    renderLatest({ body: { success: true, message: "ok", data: [] } });
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    expect(await screen.findByText("No articles yet")).toBeTruthy();
  });

  it("shows the spec's default when the posts cannot be fetched", async () => {
    renderLatest({ status: 500, body: { success: false, message: "" } });
    expect(await screen.findByText("Failed to fetch blog posts", {}, { timeout: 3000 })).toBeTruthy();
  });
});
