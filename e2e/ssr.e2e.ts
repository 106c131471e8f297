import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// Storefront pages arrive rendered: the first paint needs no JavaScript, and the browser's first render adopts
// the server's markup (hydration) instead of replacing it.

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

/** What each page shows before any script runs: its heading and the data it is about. */
const pages = [
  { path: "/", shows: ["Making homes smarter with style.", "Premium automation solutions for modern living."] },
  { path: "/shop", shows: ["Fortress Fingerprint Lock", "Aura Touch Switch — 1 Gang", "Sentinel Motion & Door Kit"] },
  { path: "/shop/product/fortress-fingerprint-lock", shows: ["Fortress Fingerprint Lock", "Specifications"] },
  { path: "/smart-locks", shows: ["Fortress Fingerprint Lock"] },
  { path: "/blog", shows: ["Blog"] },
];

describe("server-rendered storefront", () => {
  it("shows each page's content with JavaScript switched off", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, shows } of pages) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      const text = (await page.locator("#root").textContent()) ?? "";
      for (const words of shows) expect(text, `${path} shows "${words}"`).toContain(words);
    }
    await context.close();
  });

  it("applies the shop's filters from the URL on the server", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop?category=smart-locks`);
    const names = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    expect(names).toContain("Fortress Fingerprint Lock");
    expect(names).not.toContain("Aura Touch Switch — 1 Gang");
    await context.close();
  });

  it("hydrates without a mismatch, keeping the server's nodes, and is interactive", async () => {
    const context = await browser.newContext();
    // Taken when parsing ends, before any module script runs: the node the server sent.
    await context.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") {
          (window as unknown as { serverMain: Element | null }).serverMain = document.querySelector("#root main");
        }
      });
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    for (const { path } of pages) {
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      const kept = await page.evaluate(() => {
        const server = (window as unknown as { serverMain: Element | null }).serverMain;
        return server !== null && server === document.querySelector("#root main") && server.isConnected;
      });
      expect(kept, `${path}: the server's <main> is still the one on screen`).toBe(true);
    }
    expect(problems).toEqual([]);

    // Hydrated means live: the cart button works on the server-rendered product page.
    await page.goto(`${server.url}/shop/product/fortress-fingerprint-lock`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Cart, 1 item" }).isVisible()).toBe(true);
    await context.close();
  });

  it("shows a price changed a moment ago, even when the page it is handed was rendered before the change", async () => {
    const token = await apiSignIn(server, admin.email, admin.password);
    const list = await api<{ products: { _id: string; name: string; price: number }[] }>(
      server,
      "GET",
      "/api/products?search=Fortress",
    );
    const product = list.body.data.products[0];
    if (!product) throw new Error("the sample catalogue has no Fortress lock");
    // A page of its own, rendered just now: right after the write it is handed out as it was (a stale copy,
    // for up to 3 s) and must correct itself once hydrated.
    const url = `${server.url}/shop?sortBy=price&sortOrder=desc`;
    expect((await fetch(url)).status).toBe(200);
    const saved = await api(server, "PUT", `/api/products/${product._id}`, token, { price: 321.45 });
    expect(saved.status).toBe(200);
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(url);
    const servedStale = (await response?.headerValue("server-timing")) === "stale";
    await expect.poll(() => page.getByText("$321.45").first().isVisible()).toBe(true);
    console.log(
      `price change: /shop was ${servedStale ? "a stale copy, corrected after hydration" : "rendered afresh"}`,
    );
    await context.close();
  });

  it("renders a product nobody has reviewed yet without stars or a 0.0 rating", async () => {
    const token = await apiSignIn(server, admin.email, admin.password);
    const list = await api<{ products: { category: { _id: string } }[] }>(server, "GET", "/api/products?limit=1");
    const category = list.body.data.products[0]?.category._id;
    const created = await api<{ slug: string }>(server, "POST", "/api/products", token, {
      name: "Unreviewed Touch Switch",
      price: 59.99,
      description: "Brand new: no reviews yet.",
      category,
    });
    expect(created.status).toBe(201);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/shop/product/${created.body.data.slug}`);
    const title = page.getByRole("heading", { level: 1, name: "Unreviewed Touch Switch" });
    expect(await title.isVisible()).toBe(true);
    // The name's block, where the rating goes (related products below have ratings of their own).
    const info = title.locator("..");
    expect(await info.getByText(/^Rated /).count()).toBe(0);
    expect(await info.getByText("0.0", { exact: true }).count()).toBe(0);
    expect(await info.getByText("(0 reviews)").count()).toBe(0);

    await page.goto(`${server.url}/shop/product/fortress-fingerprint-lock`);
    const reviewed = page.getByRole("heading", { level: 1 }).locator("..");
    expect(await reviewed.getByText("Rated 4.8 out of 5").count()).toBe(1);
    await context.close();
  });

  it("leaves the cart, sign-in and unknown pages to the browser", async () => {
    for (const path of ["/cart", "/login", "/no-such-page", "/shop/product/no-such-product"]) {
      const response = await fetch(`${server.url}${path}`);
      const html = await response.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('id="ssr-state"');
    }
  });
});
