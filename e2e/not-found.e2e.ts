import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, seriousViolations } from "./axe.ts";
import { launchBrowser, openPage } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

// The 404 page, in the shop (on white) and in the back office (on slate-50), checked by axe in a real
// browser: jsdom has no layout or stylesheet, so it cannot judge colour contrast.

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function openIn(context: BrowserContext, path: string): Promise<Page> {
  contexts.push(context);
  const page = await context.newPage();
  await openPage(page, `${server.url}${path}`);
  await expect.poll(() => page.getByText("404", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
  return page;
}

describe("the 404 page (axe, 0 serious or critical)", () => {
  it("in the shop", async () => {
    const page = await openIn(await browser.newContext(), "/no-such-page");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("in the back office", async () => {
    const storageState = await adminSession(browser, server);
    const page = await openIn(await browser.newContext({ storageState }), "/admin/no-such-page");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
