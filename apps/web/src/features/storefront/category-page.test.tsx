import type { CategoryDto } from "@shop/shared/schemas/products";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { CategoryPage } from "./category-page";

const categoryOf = (name: string, slug: string, productCount: number): CategoryDto => ({
  _id: slug,
  name,
  slug,
  description: `All our ${name.toLowerCase()}`,
  image: null,
  sortOrder: 0,
  productCount,
  createdAt: "2025-03-05T10:00:00.000Z",
  updatedAt: "2025-03-05T10:00:00.000Z",
});

const seeded = [
  categoryOf("Smart Locks", "smart-locks", 2),
  categoryOf("Smart Touch Switches", "smart-touch-switches", 3),
  categoryOf("Smart Sensors", "smart-sensors", 1),
];

const renderPage = () =>
  renderRoutes([{ path: "/category", element: <CategoryPage /> }], { initialEntries: ["/category"] });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("categories page", () => {
  it("shows a tile per category: locks and switches lead to their landing pages, others to the filtered shop", async () => {
    fakeFetch({ body: { success: true, message: "ok", data: seeded } });
    renderPage();
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");

    const link = async (name: string) => (await screen.findByRole("link", { name })).getAttribute("href");
    expect(await link("Smart Locks")).toBe("/smart-locks");
    expect(await link("Smart Touch Switches")).toBe("/smart-switches");
    expect(await link("Smart Sensors")).toBe("/shop?category=smart-sensors");

    const sensors = screen.getByRole("link", { name: "Smart Sensors" }).closest("article");
    expect(within(sensors as HTMLElement).getByText("1 product")).toBeTruthy();
    expect(within(sensors as HTMLElement).getByText("All our smart sensors")).toBeTruthy();
    expect(screen.getByText("3 products")).toBeTruthy();
  });

  it("says there are no categories yet", async () => {
    fakeFetch({ body: { success: true, message: "ok", data: [] } });
    renderPage();
    expect(await screen.findByText("No categories yet")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Smart Locks" })).toBeNull();
  });

  it("says the categories could not be loaded, and Try again loads them", async () => {
    let failing = true;
    fakeFetch(() =>
      failing
        ? { status: 500, body: { success: false, message: "down" } }
        : { body: { success: true, message: "ok", data: seeded } },
    );
    renderPage();

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to fetch categories")).toBeTruthy();
    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Smart Locks" })).toBeTruthy();
  });
});
