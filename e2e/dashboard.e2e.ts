import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, seriousViolations } from "./axe.ts";
import { launchBrowser, watchConsole } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

// The admin dashboard on a laptop screen: its charts arrive with its cards and axe finds nothing
// serious; on a phone and on laptops their axis labels are apart. The production-mode server starts
// empty: the charts draw zeros.

let server: RunningServer;
let browser: Browser;
let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;
const contexts: BrowserContext[] = [];

type Box = { x: number; y: number; width: number; height: number };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  signedIn = await adminSession(browser, server);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

/**
 * Records, in the page's own clock, when the first stat card and when both charts' drawings first
 * showed, checking every frame from the start of the navigation.
 */
const recordAppearance = () => {
  const seen: { cards?: number; charts?: number } = {};
  (window as unknown as { dashboardSeen: typeof seen }).dashboardSeen = seen;
  const check = () => {
    if (seen.cards === undefined && document.querySelector("[data-testid^='stat-']")) seen.cards = performance.now();
    if (seen.charts === undefined && document.querySelectorAll(".recharts-surface").length >= 2) {
      seen.charts = performance.now();
    }
    if (seen.cards === undefined || seen.charts === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

/** The dashboard in a fresh, signed-in browser with nothing cached. */
async function openDashboard(throttled: boolean, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, storageState: signedIn });
  contexts.push(context);
  const page = await context.newPage();
  if (throttled) {
    // A slow connection (150 ms round trips, 40 kB/s), on which the charts came seconds late.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: 40_000,
      uploadThroughput: 40_000,
    });
  }
  await page.addInitScript(recordAppearance);
  await page.goto(`${server.url}/admin`);
  return page;
}

describe("the admin dashboard", () => {
  it("draws its charts together with its cards, even on a slow connection", async () => {
    const page = await openDashboard(true);
    const errors = watchConsole(page);
    await page.waitForFunction(
      () => {
        const seen = (window as unknown as { dashboardSeen?: { cards?: number; charts?: number } }).dashboardSeen;
        return seen?.cards !== undefined && seen.charts !== undefined;
      },
      undefined,
      { timeout: 30_000 },
    );
    const seen = await page.evaluate(
      () => (window as unknown as { dashboardSeen: { cards: number; charts: number } }).dashboardSeen,
    );
    console.info(`dashboard: cards at ${Math.round(seen.cards)} ms, charts at ${Math.round(seen.charts)} ms`);
    // Together: in the same frame or the next few, not after a spinner of their own.
    expect(seen.charts - seen.cards).toBeLessThan(250);
    expect(errors).toEqual([]);
    await page.close();
  });

  // A phone (one chart a row, about 45 px a bar), 1280 px (the two charts side by side, about 62 px
  // a bar) and 1366 px: "Completed" and "Cancelled" touched at 1280 and ran 18 px into each other at 390.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
    { width: 1366, height: 900 },
  ]) {
    it(`keeps each chart's axis labels apart at ${viewport.width}×${viewport.height}`, async () => {
      const page = await openDashboard(false, viewport);
      for (const [chartId, labelCount] of [
        ["contacts-by-status", 6],
        ["subscriber-growth", 2],
      ] as const) {
        const ticks = page.locator(
          `section[aria-labelledby='${chartId}'] .recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label`,
        );
        await expect.poll(() => ticks.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(labelCount);
        const boxes = (await Promise.all((await ticks.all()).map((tick) => tick.boundingBox()))).flatMap((box) =>
          box ? [box] : [],
        );
        expect(boxes.length).toBe(await ticks.count());
        // Two labels are apart when, across or down, more than a space (about 3 px at 12 px) lies between them.
        const gapBetween = (a: Box, b: Box) =>
          Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width), b.y - (a.y + a.height), a.y - (b.y + b.height));
        const gaps = boxes.flatMap((a, i) => boxes.slice(i + 1).map((b) => gapBetween(a, b)));
        console.info(`${chartId} at ${viewport.width} px: closest labels ${Math.round(Math.min(...gaps))} px apart`);
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(4);
      }
      await page.close();
    });
  }

  it("has no serious or critical accessibility violations", async () => {
    const page = await openDashboard(false);
    await expect.poll(() => page.locator(".recharts-surface").count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
