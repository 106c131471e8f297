import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// Issue 16 item 0: a server-rendered page is on screen before its JavaScript has run. A shopper who clicks or
// types in that moment must not lose it. Here the app's scripts (/boot.js and everything it loads) are held
// back for the page's first 3 s, as a slow phone sees them, and each test acts as soon as the control is on
// screen. Only /early-input.js, the small script a rendered page loads first to keep that input, goes through.

const holdBack = 3000;
const captureScript = "/early-input.js";

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

/**
 * A page whose app scripts arrive no sooner than 3 s after it was opened (no service worker, so every request
 * goes through the route). A reload, later than that, gets its scripts at once.
 */
async function slowScriptPage(): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const openedAt = Date.now();
  await page.route(
    (url) => url.pathname.endsWith(".js") && url.pathname !== captureScript,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, openedAt + holdBack - Date.now()));
      await route.continue().catch(() => undefined);
    },
  );
  return page;
}

/** Opens `path` without waiting for its scripts: the test acts on the first paint. */
async function openEarly(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`, { waitUntil: "commit" });
}

/** True while the app has not hydrated the page (html[data-ready] is set once it has). */
const notYetReady = (page: Page) => page.evaluate(() => document.documentElement.dataset.ready === undefined);

const afterHydration = { timeout: holdBack + 10_000 };

describe("input before the page's script has run", () => {
  it("opens the product enquiry clicked at first paint", async () => {
    const page = await slowScriptPage();
    const problems = watchConsole(page);
    await openEarly(page, "/shop/product/fortress-fingerprint-lock");

    await page.getByRole("button", { name: "Get Product Information" }).click();
    expect(await notYetReady(page)).toBe(true);

    const dialog = page.getByRole("dialog", { name: "Get Product Information" });
    await expect.poll(() => dialog.isVisible(), afterHydration).toBe(true);
    expect(await dialog.getByText("Fortress Fingerprint Lock").count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("puts the product in the cart when Add to cart is clicked at first paint, and keeps it after a reload", async () => {
    const page = await slowScriptPage();
    await openEarly(page, "/shop/product/aura-touch-switch-1-gang");

    await page.getByRole("button", { name: "Add to cart", exact: true }).click();
    expect(await notYetReady(page)).toBe(true);

    const oneItem = page.getByRole("link", { name: "Cart, 1 item" });
    await expect.poll(() => oneItem.isVisible(), afterHydration).toBe(true);
    await page.reload({ waitUntil: "commit" });
    await expect.poll(() => oneItem.isVisible(), afterHydration).toBe(true);
    await page.context().close();
  });

  it("signs up for the newsletter typed and submitted at first paint", async () => {
    const page = await slowScriptPage();
    const problems = watchConsole(page);
    await openEarly(page, "/about");

    const footer = page.getByRole("contentinfo");
    const email = footer.getByPlaceholder("Your email");
    await email.pressSequentially("early-bird@example.com");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    expect(await notYetReady(page)).toBe(true);

    await expect.poll(() => footer.getByText("Subscribed successfully!").isVisible(), afterHydration).toBe(true);
    expect(await email.inputValue()).toBe("");
    const token = await apiSignIn(server, admin.email, admin.password);
    const listed = await api<object>(server, "GET", "/api/newsletter/get-all-subscriber?search=early-bird", token);
    expect(JSON.stringify(listed.body.data)).toContain("early-bird@example.com");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
