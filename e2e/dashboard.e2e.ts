import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, seriousViolations } from "./axe.ts";
import { launchBrowser, watchConsole } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

// The admin dashboard on a laptop screen: its charts arrive with its cards, their labels are apart,
// and axe finds nothing serious. The production-mode server starts empty: the charts draw zeros.

let server: RunningServer;
let browser: Browser;
let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;
const contexts: BrowserContext[] = [];

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
async function openDashboard(throttled: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: signedIn });
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

describe("the admin dashboard at 1366×900", () => {
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

  it("keeps the status chart's bar labels apart", async () => {
    const page = await openDashboard(false);
    const chart = page.locator("section[aria-labelledby='contacts-by-status']");
    await expect
      .poll(() => chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label").count(), {
        timeout: 15_000,
      })
      .toBe(6);
    const ticks = chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label");
    const boxes = await Promise.all((await ticks.all()).map((tick) => tick.boundingBox()));
    expect(boxes.every(Boolean)).toBe(true);
    const sorted = boxes.flatMap((box) => (box ? [box] : [])).sort((a, b) => a.x - b.x);
    const gaps = sorted.slice(1).map((box, i) => box.x - ((sorted[i]?.x ?? 0) + (sorted[i]?.width ?? 0)));
    console.info(`status chart label gaps: ${gaps.map(Math.round).join(", ")} px`);
    // Each label ends before the next begins, with more than a space (about 3 px at 12 px) between them.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(4);
    await page.close();
  });

  it("has no serious or critical accessibility violations", async () => {
    const page = await openDashboard(false);
    await expect.poll(() => page.locator(".recharts-surface").count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
