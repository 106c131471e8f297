import type { ProductDto } from "@shop/shared/schemas/products";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { productOf } from "@/test/products";
import { renderRoutes } from "@/test/render";
import { smartLocks } from "./content/landing";
import { SmartLocksPage } from "./smart-locks-page";

const lock = (id: string, name: string) =>
  productOf({
    _id: id,
    name,
    slug: id,
    price: 199.99,
    category: { _id: "c1", name: "Smart Locks", slug: "smart-locks" },
  });

const listOf = (products: ProductDto[]) => ({
  body: {
    success: true,
    message: "ok",
    data: {
      products,
      pagination: { currentPage: 1, totalPages: 1, totalProducts: products.length, productsPerPage: 12 },
    },
  },
});

const renderPage = () =>
  renderRoutes([{ path: "/smart-locks", element: <SmartLocksPage /> }], { initialEntries: ["/smart-locks"] });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("smart locks landing page", () => {
  it("shows the category's first twelve products, with a link to all of them in the shop", async () => {
    const { requests } = fakeFetch(listOf([lock("p1", "Vault Pro Lock"), lock("p2", "Keypad Deadbolt")]));
    renderPage();

    expect(screen.getByRole("heading", { level: 1, name: "Smart Locks" })).toBeTruthy();
    const products = screen.getByRole("region", { name: "Shop Smart Locks" });
    expect(await within(products).findByRole("link", { name: "Vault Pro Lock" })).toBeTruthy();
    expect(within(products).getByRole("link", { name: "Keypad Deadbolt" })).toBeTruthy();
    expect(within(products).getByRole("link", { name: "View all products" }).getAttribute("href")).toBe(
      "/shop?category=smart-locks",
    );
    const asked = new URL(requests[0]?.url ?? "");
    expect(asked.pathname).toBe("/api/products");
    expect(asked.searchParams.get("category")).toBe("smart-locks");
    expect(asked.searchParams.get("limit")).toBe("12");
  });

  it("lists the benefits, the steps in order, and answers that open on a click", async () => {
    fakeFetch(listOf([]));
    renderPage();

    const benefits = screen.getByRole("region", { name: "Why you will love them" });
    expect(within(benefits).getAllByRole("listitem")).toHaveLength(smartLocks.benefits.length);
    const steps = within(screen.getByRole("region", { name: smartLocks.stepsTitle })).getAllByRole("listitem");
    expect(steps.map((step) => within(step).getByRole("heading").textContent)).toEqual(
      smartLocks.steps.map((step) => step.title),
    );

    const faq = smartLocks.faqs[0];
    const question = screen.getByText(faq?.question ?? "");
    const details = question.closest("details") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.click(question);
    expect(details.open).toBe(true);
    expect(within(details).getByText(faq?.answer ?? "")).toBeTruthy();
  });

  it("says when the category has no products yet", async () => {
    fakeFetch(listOf([]));
    renderPage();
    expect(await screen.findByText("No products found")).toBeTruthy();
  });

  it("says the products could not be loaded, and Try again loads them", async () => {
    let failing = true;
    fakeFetch(() =>
      failing ? { status: 500, body: { success: false, message: "down" } } : listOf([lock("p1", "Vault Pro Lock")]),
    );
    renderPage();

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to fetch products")).toBeTruthy();
    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Vault Pro Lock" })).toBeTruthy();
  });
});
