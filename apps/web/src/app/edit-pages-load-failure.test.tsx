import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PostEditPage } from "@/features/blog/admin/post-edit-page";
import { HeroBannerEditPage } from "@/features/hero-banners/hero-banner-edit-page";
import { ProductEditPage } from "@/features/products/admin/product-edit-page";
import { RoleEditPage } from "@/features/roles/role-edit-page";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { staffWith } from "@/test/store";

afterEach(() => {
  vi.unstubAllGlobals();
});

type EditPage = {
  name: string;
  route: string;
  at: string;
  element: ReactElement;
  /** The API path of the record the page edits. */
  record: string;
  notFound: string;
};

const pages: EditPage[] = [
  {
    name: "product",
    route: "/admin/products/edit/:id",
    at: "/admin/products/edit/p1",
    element: <ProductEditPage />,
    record: "/api/products/p1",
    notFound: "Product not found",
  },
  {
    name: "hero banner",
    route: "/admin/hero-banners/edit",
    at: "/admin/hero-banners/edit?id=b1",
    element: <HeroBannerEditPage />,
    record: "/api/hero-banners/b1",
    notFound: "Hero banner not found",
  },
  {
    name: "role",
    route: "/admin/manage/roles/edit/:roleId",
    at: "/admin/manage/roles/edit/r1",
    element: <RoleEditPage />,
    record: "/api/roles/r1",
    notFound: "Role not found",
  },
  {
    name: "blog post",
    route: "/admin/blog/edit/:id",
    at: "/admin/blog/edit/post1",
    element: <PostEditPage />,
    record: "/api/blog/admin/posts/post1",
    notFound: "Post not found",
  },
];

function renderPage(page: EditPage, reply: () => { status: number; body: unknown }) {
  const network = fakeFetch((request) => {
    if (new URL(request.url).pathname === page.record) return reply();
    return { body: { success: true, message: "ok", data: [] } };
  });
  renderRoutes([{ path: page.route, element: page.element }], {
    store: staffWith(["product:update-product", "herobanner:update-hero-banner", "roles:create-update-role"]),
    initialEntries: [page.at],
  });
  const recordCalls = () => network.requests.filter((r) => new URL(r.url).pathname === page.record).length;
  return { recordCalls };
}

describe("an admin edit page whose record gets no answer", () => {
  it.each(pages)(
    "the $name page says it could not load, not that the record is gone, and tries again",
    async (page) => {
      const { recordCalls } = renderPage(page, () => {
        throw new TypeError("Failed to fetch");
      });

      expect(await screen.findByText("We could not load this page", {}, { timeout: 4000 })).toBeTruthy();
      expect(screen.getByText("Could not reach the server. Please check your connection.")).toBeTruthy();
      expect(screen.queryByText(page.notFound)).toBeNull();

      const asked = recordCalls();
      await userEvent.click(screen.getByRole("button", { name: "Try again" }));
      await vi.waitFor(() => expect(recordCalls()).toBeGreaterThan(asked));
    },
  );

  it.each(pages)("the $name page still says not found when the server answers 404", async (page) => {
    renderPage(page, () => ({ status: 404, body: { success: false, message: page.notFound } }));
    expect((await screen.findAllByText(page.notFound, {}, { timeout: 4000 })).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });
});

describe("the product edit page whose categories get no answer", () => {
  it("says the categories could not load and asks for them again", async () => {
    const network = fakeFetch((request) => {
      const pathname = new URL(request.url).pathname;
      if (pathname === "/api/categories") throw new TypeError("Failed to fetch");
      if (pathname === "/api/products/p1") {
        return { body: { success: true, message: "ok", data: { _id: "p1", name: "Switch" } } };
      }
      return { body: { success: true, message: "ok", data: [] } };
    });
    renderRoutes([{ path: "/admin/products/edit/:id", element: <ProductEditPage /> }], {
      store: staffWith(["product:update-product"]),
      initialEntries: ["/admin/products/edit/p1"],
    });
    const categoryCalls = () => network.requests.filter((r) => new URL(r.url).pathname === "/api/categories").length;

    expect(await screen.findByText("Failed to fetch categories", {}, { timeout: 4000 })).toBeTruthy();
    const asked = categoryCalls();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(categoryCalls()).toBeGreaterThan(asked));
  });
});
