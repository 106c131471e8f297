import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { hydrateServerMarkup } from "@/test/hydrate";
import { renderRoutes } from "@/test/render";
import { Footer } from "./footer";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("footer", () => {
  it("links About Us, Contact and the blog under Company", () => {
    fakeFetch({ status: 500, body: { success: false, message: "" } });
    renderRoutes([{ path: "/", element: <Footer /> }]);
    const company = within(screen.getByRole("navigation", { name: "Company" }));
    const links = company.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["About Us", "/about"],
      ["Contact", "/contact"],
      ["Blog", "/blog"],
    ]);
  });

  it("hydrates a page rendered last year and then shows this year", async () => {
    fakeFetch({ status: 500, body: { success: false, message: "" } });
    // Rendered pages are cached until staff change something: this one was rendered before New Year.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2025, 11, 31, 23, 59));
    const { mismatches } = await hydrateServerMarkup([{ path: "/", element: <Footer /> }], {
      beforeHydrate: () => vi.setSystemTime(new Date(2026, 0, 1, 0, 1)),
    });
    expect(mismatches).toEqual([]);
    expect(screen.getByText(/^© \d{4} Smart Home Shop/).textContent).toContain("© 2026");
  });

  it("keeps what a visitor typed into the sign-up box before the page hydrated", async () => {
    fakeFetch({ status: 500, body: { success: false, message: "" } });
    const { container } = await hydrateServerMarkup([{ path: "/", element: <Footer /> }], {
      beforeHydrate: (markup) => {
        const field = markup.querySelector<HTMLInputElement>('input[type="email"]');
        if (field) field.value = "early-bird@example.com";
      },
    });
    // public/early-input.js hands the text to React after hydration: nothing may render the field before.
    expect(container.querySelector<HTMLInputElement>('input[type="email"]')?.value).toBe("early-bird@example.com");
  });
});
