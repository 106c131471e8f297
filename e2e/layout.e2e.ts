import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

// Layout checked by measuring element boxes, not by comparing pixels: a regression in size or overflow fails here.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  process.env.SAMPLE_DATA = "true";
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const viewports = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

/** The touch-target size. */
const touchTarget = 44;

async function openAt(
  viewport: { width: number; height: number },
  path: string,
  reducedMotion: "reduce" | "no-preference" = "no-preference",
): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion });
  const page = await context.newPage();
  await openPage(page, `${server.url}${path}`);
  return page;
}

async function box(locator: Locator) {
  const measured = await locator.boundingBox();
  if (!measured) throw new Error(`${locator} has no box`);
  return measured;
}

/** How many of the matches a sighted visitor sees: a screen-reader-only copy (a 1 px box) does not count. */
async function shownCount(locator: Locator): Promise<number> {
  const boxes = await Promise.all((await locator.all()).map((match) => match.boundingBox()));
  return boxes.filter((measured) => measured !== null && measured.width > 1 && measured.height > 1).length;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Scrolls to the bottom so the sections that load as the visitor scrolls are there too. */
async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 15; step += 1) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState("networkidle");
}

describe("product page layout", () => {
  for (const viewport of [...viewports, { width: 1024, height: 900 }, { width: 1280, height: 900 }]) {
    it(`shows Add to cart and Get Product Information as full-size buttons apart at ${viewport.width} px`, async () => {
      const page = await openAt(viewport, "/shop/product/fortress-fingerprint-lock");
      const cart = await box(page.getByRole("button", { name: "Add to cart" }));
      const enquire = await box(page.getByRole("button", { name: "Get Product Information" }));

      for (const [name, button] of [
        ["Add to cart", cart],
        ["Get Product Information", enquire],
      ] as const) {
        expect(button.height, `${name} height`).toBeGreaterThanOrEqual(touchTarget);
        expect(button.x, `${name} left edge`).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width, `${name} right edge`).toBeLessThanOrEqual(viewport.width);
      }
      // Side by side or stacked, a visible gap between them.
      const apart = cart.y + cart.height <= enquire.y || cart.x + cart.width <= enquire.x;
      expect(apart, "the buttons do not overlap").toBe(true);
      const gap = Math.max(enquire.y - (cart.y + cart.height), enquire.x - (cart.x + cart.width));
      expect(gap, "gap between the buttons").toBeGreaterThanOrEqual(8);

      expect(await horizontalOverflow(page), "horizontal overflow").toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }
});

describe("home page layout", () => {
  for (const viewport of viewports) {
    it(`has one headline, one Shop Now in the hero, one sign-up box and no sideways scroll at ${viewport.width} px`, async () => {
      // Held on its first slide: the carousel turns every 6 s, and a busy machine can take that long
      // to get here, when the first slide's Shop now is hidden behind the second's.
      const page = await openAt(viewport, "/", "reduce");
      await scrollThrough(page);
      const main = page.getByRole("main");

      expect(await page.getByRole("heading", { level: 1 }).count(), "h1 headings").toBe(1);
      const headline = main.getByText("Making homes smarter with style.", { exact: true });
      expect(await shownCount(headline), "headline on screen").toBe(1);
      expect(await main.getByRole("link", { name: /^shop now$/i }).count(), "Shop Now links").toBe(1);
      const carousel = await box(page.getByRole("region", { name: "Highlights" }));
      const shopNow = await box(main.getByRole("link", { name: /^shop now$/i }));
      expect(shopNow.y, "Shop Now inside the hero").toBeGreaterThanOrEqual(carousel.y);
      expect(shopNow.y + shopNow.height, "Shop Now inside the hero").toBeLessThanOrEqual(carousel.y + carousel.height);

      const signUp = page.locator("form").filter({ has: page.getByRole("button", { name: "Subscribe" }) });
      expect(await signUp.count(), "newsletter sign-up forms").toBe(1);
      expect(await page.getByRole("textbox", { name: "Newsletter sign-up" }).count(), "newsletter inputs").toBe(1);

      expect(await horizontalOverflow(page), "horizontal overflow").toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }
});
