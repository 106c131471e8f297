import type { BlogPostDto } from "@shop/shared/schemas/blog";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { BlogPage } from "./blog-page";
import { BlogPostPage } from "./blog-post-page";

const post: BlogPostDto = {
  _id: "post-1",
  title: "Five ways to secure your front door",
  slug: "secure-your-front-door",
  excerpt: "Locks, sensors and habits.",
  coverImage: null,
  author: "Shop team",
  publishedAt: "2025-04-20T12:00:00.000Z",
  readingMinutes: 4,
  body: "## Start with the lock",
  html: "<h2>Start with the lock</h2><p>A <strong>deadbolt</strong> first.</p>",
};

const ok = (data: unknown) => ({ body: { success: true, message: "ok", data } });
const down = { status: 500, body: { success: false, message: "Database unavailable" } };

/** The blog list and one post, routed as the storefront routes them. */
function renderBlog(path: string) {
  return renderRoutes(
    [
      { path: "/blog", element: <BlogPage /> },
      { path: "/blog/:slug", element: <BlogPostPage /> },
    ],
    { initialEntries: [path] },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("blog page", () => {
  it("lists the published posts, each leading to its own page", async () => {
    fakeFetch(ok([post, { ...post, _id: "post-2", slug: "sensors-101", title: "Sensors 101" }]));
    renderBlog("/blog");
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");

    expect((await screen.findByRole("link", { name: /Sensors 101/ })).getAttribute("href")).toBe("/blog/sensors-101");
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getAllByText("By Shop team")).toHaveLength(2);
  });

  it("says there are no articles yet", async () => {
    fakeFetch(ok([]));
    renderBlog("/blog");
    expect(await screen.findByText("No articles yet")).toBeTruthy();
    expect(screen.getByText("New guides are on their way. Check back soon.")).toBeTruthy();
  });

  it("shows why the posts could not be loaded, and Try again loads them", async () => {
    let failing = true;
    fakeFetch(() => (failing ? down : ok([post])));
    renderBlog("/blog");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to fetch blog posts")).toBeTruthy();
    expect(within(alert).getByText("Database unavailable")).toBeTruthy();

    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: /Five ways/ })).toBeTruthy();
  });
});

describe("blog post page", () => {
  it("shows the post asked for by its slug: title, author, reading time and the server's HTML", async () => {
    const { requests } = fakeFetch(ok(post));
    renderBlog("/blog/secure-your-front-door");

    expect(await screen.findByRole("heading", { level: 1, name: post.title })).toBeTruthy();
    expect(new URL(requests[0]?.url ?? "").pathname.endsWith("/secure-your-front-door")).toBe(true);
    expect(screen.getByText("By Shop team")).toBeTruthy();
    expect(screen.getByText("4 min read")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Start with the lock" })).toBeTruthy();
    expect(screen.getByText("deadbolt").tagName).toBe("STRONG");
    const crumbs = screen.getByRole("navigation", { name: /breadcrumb/i });
    expect(within(crumbs).getByRole("link", { name: "Blog" }).getAttribute("href")).toBe("/blog");
  });

  it("says the post was not found, without retrying, and leads back to the blog", async () => {
    const { requests } = fakeFetch({ status: 404, body: { success: false, message: "Post not found" } });
    const { router } = renderBlog("/blog/gone");

    expect(await screen.findByRole("heading", { level: 1, name: "Post not found" })).toBeTruthy();
    expect(requests).toHaveLength(1);
    fakeFetch(ok([]));
    await userEvent.click(screen.getByRole("link", { name: "Back to the blog" }));
    expect(router.state.location.pathname).toBe("/blog");
  });

  it("offers Try again when the post could not be loaded for another reason", async () => {
    let failing = true;
    fakeFetch(() => (failing ? down : ok(post)));
    renderBlog("/blog/secure-your-front-door");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to fetch blog post")).toBeTruthy();

    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: post.title })).toBeTruthy();
  });
});
