import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { HomeBelowFold } from "./home-below-fold";

const locks = {
  _id: "smart-locks",
  name: "Smart Locks",
  slug: "smart-locks",
  description: "Keyless entry",
  image: null,
  sortOrder: 0,
  productCount: 2,
  createdAt: "2025-03-05T10:00:00.000Z",
  updatedAt: "2025-03-05T10:00:00.000Z",
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("home page below the fold", () => {
  it("says the categories could not be loaded, and Try again loads them", async () => {
    let failing = true;
    fakeFetch((request) => {
      const { pathname } = new URL(request.url);
      if (pathname !== "/api/categories") {
        const pagination = { currentPage: 1, totalPages: 1, totalProducts: 0, productsPerPage: 4 };
        return { body: { success: true, message: "ok", data: { products: [], pagination } } };
      }
      return failing
        ? { status: 500, body: { success: false, message: "" } }
        : { body: { success: true, message: "ok", data: [locks] } };
    });
    renderRoutes([{ path: "/", element: <HomeBelowFold /> }]);

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to fetch categories")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Smart Locks" })).toBeTruthy();
  });
});
