import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateServerMarkup } from "@/test/hydrate";
import { renderRoutes } from "@/test/render";
import type { HeroBanner } from "./api/get-hero-banners";
import { HeroCarousel, slideIntervalMs } from "./hero-carousel";

const banners: HeroBanner[] = ["One", "Two", "Three"].map((title, index) => ({
  _id: `b${index}`,
  title,
  subtitle: `${title} subtitle`,
  image: `/uploads/banners/${index}abc-800.webp`,
  ctaLabel: "Shop now",
  ctaLink: "/shop",
}));

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query.includes("reduce"), media: query }));
}

function renderCarousel() {
  renderRoutes([{ path: "/", element: <HeroCarousel banners={banners} /> }]);
  const slides = screen.getAllByRole("group");
  const current = () => slides.findIndex((slide) => slide.className.includes(" visible"));
  return { region: screen.getByRole("region", { name: "Highlights" }), slides, current };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("hero carousel", () => {
  it("is a labelled carousel of labelled slides whose first image loads first", () => {
    prefersReducedMotion(false);
    const { region, slides } = renderCarousel();
    expect(region.getAttribute("aria-roledescription")).toBe("carousel");
    expect(slides.map((slide) => slide.getAttribute("aria-label"))).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    const images = region.querySelectorAll("img");
    expect(images[0]?.getAttribute("loading")).toBe("eager");
    expect(images[0]?.getAttribute("fetchpriority")).toBe("high");
    expect(images[1]?.getAttribute("loading")).toBe("lazy");
  });

  it("rotates on its own, pauses while hovered, and stops for good with the pause button", async () => {
    prefersReducedMotion(false);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { region, current } = renderCarousel();

    act(() => vi.advanceTimersByTime(slideIntervalMs));
    expect(current()).toBe(1);

    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(slideIntervalMs * 2));
    expect(current()).toBe(1);
    fireEvent.mouseLeave(region);

    await user.click(screen.getByRole("button", { name: "Pause automatic slide show" }));
    fireEvent.mouseLeave(region);
    fireEvent.blur(screen.getByRole("button", { name: "Start automatic slide show" }));
    act(() => vi.advanceTimersByTime(slideIntervalMs * 2));
    expect(current()).toBe(1);
  });

  it("does not rotate for visitors who prefer reduced motion until they press play, and moves with previous and next", async () => {
    prefersReducedMotion(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { region, current } = renderCarousel();
    expect(screen.getByRole("button", { name: "Start automatic slide show" })).toBeTruthy();

    act(() => vi.advanceTimersByTime(slideIntervalMs * 2));
    expect(current()).toBe(0);
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(current()).toBe(1);
    await user.click(screen.getByRole("button", { name: "Previous slide" }));
    await user.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(current()).toBe(2);

    // Pressed, play starts the rotation the preference held back.
    await user.click(screen.getByRole("button", { name: "Start automatic slide show" }));
    fireEvent.mouseLeave(region);
    fireEvent.blur(screen.getByRole("button", { name: "Pause automatic slide show" }));
    act(() => vi.advanceTimersByTime(slideIntervalMs));
    expect(current()).toBe(0);
  });

  it("links inside the shop only for a single-slash path, outside only to http(s), and nowhere otherwise", () => {
    prefersReducedMotion(true);
    const links = ["/shop", "https://example.com/x", "//evil.com", "/\\evil.com", "javascript:alert(1)"];
    const linked = banners
      .slice(0, 1)
      .flatMap((banner) => links.map((ctaLink, index) => ({ ...banner, _id: `l${index}`, ctaLink })));
    renderRoutes([{ path: "/", element: <HeroCarousel banners={linked} /> }]);
    const hrefs = screen.getAllByRole("link", { name: "Shop now" }).map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/shop", "https://example.com/x"]);
  });

  it("hydrates the server's markup for visitors who prefer reduced motion, then stays still", async () => {
    // The server has no media queries: it renders the carousel as if it rotates.
    const { container, mismatches } = await hydrateServerMarkup(
      [{ path: "/", element: <HeroCarousel banners={banners} /> }],
      { beforeHydrate: () => prefersReducedMotion(true) },
    );
    expect(mismatches).toEqual([]);
    const pause = container.querySelector("button");
    expect(pause?.getAttribute("aria-label")).toBe("Start automatic slide show");
  });
});
