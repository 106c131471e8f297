import type { AdminPostSummary } from "@shop/shared/schemas/blog";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { rowNamed } from "@/test/rows";
import { staffWith, toastsOf } from "@/test/store";
import { westOfUtc } from "@/test/time-zone";
import { BlogPostsPage } from "./blog-posts-page";

const postOf = (id: string, title: string, status: AdminPostSummary["status"]): AdminPostSummary => ({
  _id: id,
  title,
  slug: id,
  excerpt: "",
  coverImage: null,
  author: "Shop team",
  publishedAt: status === "published" ? "2025-04-20T12:00:00.000Z" : null,
  readingMinutes: 3,
  status,
  updatedAt: "2025-04-21T12:00:00.000Z",
});

/** The staff blog API with state: a PUT changes the post's status, a DELETE takes it out. */
function fakePostsApi() {
  const posts = [postOf("door-locks", "Door locks explained", "published"), postOf("sensors", "Sensors 101", "draft")];
  return fakeFetch(async (request) => {
    const url = new URL(request.url);
    const index = posts.findIndex((post) => url.pathname.endsWith(`/${post._id}`));
    if (request.method === "PUT") {
      const { status } = (await request.json()) as { status: AdminPostSummary["status"] };
      posts[index] = { ...(posts[index] as AdminPostSummary), status };
      return { body: { success: true, message: "ok", data: posts[index] } };
    }
    if (request.method === "DELETE") {
      posts.splice(index, 1);
      return { body: { success: true, message: "ok", data: null } };
    }
    const wanted = url.searchParams.get("status");
    const found = posts.filter((post) => !wanted || post.status === wanted);
    const pagination = { currentPage: 1, totalPages: 1, totalPosts: found.length, postsPerPage: 10 };
    return { body: { success: true, message: "ok", data: { posts: found, pagination } } };
  });
}

function renderPage(permissions = ["blog:view-posts", "blog:create-update-post", "blog:delete-post"]) {
  const store = staffWith(permissions);
  return renderRoutes([{ path: "/admin/blog", element: <BlogPostsPage /> }], {
    store,
    initialEntries: ["/admin/blog"],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("staff blog list west of UTC", () => {
  westOfUtc();

  it("shows the day a post came out on, whatever the admin's time zone", async () => {
    const post = {
      ...postOf("door-locks", "Door locks explained", "published"),
      publishedAt: "2025-04-20T00:00:00.000Z",
    };
    fakeFetch(async () => ({
      body: {
        success: true,
        message: "ok",
        data: { posts: [post], pagination: { currentPage: 1, totalPages: 1, totalPosts: 1, postsPerPage: 10 } },
      },
    }));
    renderPage();
    await screen.findByText("Door locks explained");
    expect(within(rowNamed("Door locks explained")).getByText("Apr 20, 2025")).toBeTruthy();
  });
});

describe("staff blog list", () => {
  it("lists drafts and published posts with their state and when they were published", async () => {
    fakePostsApi();
    renderPage();
    await screen.findByText("Door locks explained");
    expect(within(rowNamed("Door locks explained")).getByText("Published")).toBeTruthy();
    expect(within(rowNamed("Sensors 101")).getByText("Draft")).toBeTruthy();
    expect(within(rowNamed("Sensors 101")).getByText("Not published")).toBeTruthy();
    expect(within(rowNamed("Sensors 101")).getByRole("link", { name: "Edit Sensors 101" }).getAttribute("href")).toBe(
      "/admin/blog/edit/sensors",
    );
  });

  it("publishes a draft in place, sending its status alone", async () => {
    const { requests } = fakePostsApi();
    const { store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Publish Sensors 101" }));

    expect(await screen.findByRole("button", { name: "Unpublish Sensors 101" })).toBeTruthy();
    const put = requests.find((request) => request.method === "PUT");
    expect(new URL(put?.url ?? "").pathname).toBe("/api/blog/posts/sensors");
    expect(await put?.json()).toEqual({ status: "published" });
    expect(toastsOf(store)).toContain("Post published");
  });

  it("filters by status through the URL", async () => {
    fakePostsApi();
    const { router } = renderPage();
    await screen.findByText("Door locks explained");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "draft");

    expect(router.state.location.search).toBe("?status=draft");
    await vi.waitFor(() => expect(screen.queryByText("Door locks explained")).toBeNull());
    expect(screen.getByText("Sensors 101")).toBeTruthy();
  });

  it("deletes a post after confirming", async () => {
    fakePostsApi();
    const { store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Sensors 101" }));
    const dialog = screen.getByRole("dialog", { name: "Delete post?" });
    expect(within(dialog).getByText("The post Sensors 101 will be deleted. This cannot be undone.")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    await vi.waitFor(() => expect(screen.queryByText("Sensors 101")).toBeNull());
    expect(toastsOf(store)).toContain("Post deleted successfully");
  });

  it("gives a writer without delete rights no Delete, and a reader no actions at all", async () => {
    fakePostsApi();
    const view = renderPage(["blog:view-posts", "blog:create-update-post"]);
    await screen.findByText("Sensors 101");
    expect(screen.getByRole("link", { name: "Write post" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete Sensors 101" })).toBeNull();
    view.unmount();

    renderPage(["blog:view-posts"]);
    await screen.findByText("Sensors 101");
    expect(screen.queryByRole("link", { name: "Write post" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Publish Sensors 101" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Edit Sensors 101" })).toBeNull();
  });
});
