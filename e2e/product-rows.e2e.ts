import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

// A row with fewer cards than columns is centred, measured by boxes: the gaps either side are equal.

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

describe("product rows", () => {
  it("centres the two Smart Locks on their landing page at 1366 px", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await openPage(page, `${server.url}/smart-locks`);
    const row = page.getByRole("region", { name: "Shop Smart Locks" }).getByRole("list");
    const cards = row.getByRole("listitem");
    await expect.poll(() => cards.count()).toBe(2);

    const rowBox = await row.boundingBox();
    const first = await cards.first().boundingBox();
    const last = await cards.last().boundingBox();
    if (!rowBox || !first || !last) throw new Error("the row or its cards have no box");
    const leftGap = first.x - rowBox.x;
    const rightGap = rowBox.x + rowBox.width - (last.x + last.width);
    expect(leftGap, "the cards do not start at the row's left edge").toBeGreaterThan(100);
    expect(Math.abs(leftGap - rightGap), `left gap ${leftGap} px, right gap ${rightGap} px`).toBeLessThanOrEqual(3);
    // Each card keeps the width of a card in a full four-column row.
    expect(first.width).toBeGreaterThan(rowBox.width / 4 - 30);
    expect(first.width).toBeLessThanOrEqual(rowBox.width / 4);
    await context.close();
  });
});
