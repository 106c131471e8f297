import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { Footer } from "./footer";

afterEach(() => {
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
});
