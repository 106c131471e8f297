import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { PostCreatePage } from "./post-create-page";

function renderPage(reply: { status: number; body: unknown }) {
  const network = fakeFetch((request) =>
    request.method === "POST" && new URL(request.url).pathname === "/api/blog/preview"
      ? { body: { success: true, message: "ok", data: { html: "<h2>Hello</h2><p>Rendered by the server</p>" } } }
      : reply,
  );
  const view = renderRoutes(
    [
      { path: "/admin/blog", element: <p>Posts</p> },
      { path: "/admin/blog/create", element: <PostCreatePage /> },
    ],
    { store: makeStore(), initialEntries: ["/admin/blog/create"] },
  );
  return { ...network, ...view };
}

const taken = "A post with this slug already exists";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("post form", () => {
  it("makes the slug from the title, previews the server's rendering, and shows a taken slug under its field", async () => {
    const { requests } = renderPage({
      status: 409,
      body: { success: false, message: taken, errors: { slug: taken } },
    });
    await userEvent.type(await screen.findByLabelText("Title"), "Smart  Locks, Explained!");
    expect(screen.getByLabelText<HTMLInputElement>("Slug").value).toBe("smart-locks-explained");
    await userEvent.type(screen.getByLabelText("Body (Markdown)"), "## Hello");
    await userEvent.click(screen.getByRole("tab", { name: "Preview" }));
    expect((await screen.findByTestId("post-preview")).innerHTML).toBe("<h2>Hello</h2><p>Rendered by the server</p>");

    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText(taken, { selector: "p[id$='-error']" })).toBeTruthy();
    const post = requests.find((request) => new URL(request.url).pathname === "/api/blog/posts");
    expect(await post?.json()).toMatchObject({
      title: "Smart  Locks, Explained!",
      slug: "smart-locks-explained",
      body: "## Hello",
      status: "draft",
      coverImage: null,
      publishedAt: null,
    });
  });
});
