import type { BlogPostSummary } from "@shop/shared/schemas/blog";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { westOfUtc } from "@/test/time-zone";
import { PostMeta } from "./blog-card";

westOfUtc();

const post: BlogPostSummary = {
  _id: "post-1",
  title: "Five ways to secure your front door",
  slug: "secure-your-front-door",
  excerpt: "Locks, sensors and habits.",
  coverImage: null,
  author: "Shop team",
  publishedAt: "2025-04-20T00:00:00.000Z",
  readingMinutes: 4,
};

describe("a post's date on the blog", () => {
  it("shows the day the post was published on, whatever the reader's time zone", () => {
    expect(new Date(post.publishedAt ?? "").getDate()).toBe(19);
    render(<PostMeta post={post} />);
    expect(screen.getByText("Apr 20, 2025").getAttribute("datetime")).toBe(post.publishedAt);
  });
});
