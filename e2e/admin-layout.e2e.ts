import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signInAdmin } from "./browser.ts";
import { api, type RunningServer, startServer } from "./server.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInAt(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAdmin(page, server.url);
  return page;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

describe("activity log filters", () => {
  for (const width of [1280, 1366]) {
    it(`share one row at ${width} px, each label over its control`, async () => {
      const page = await signedInAt({ width, height: 900 });
      await page.goto(`${server.url}/admin/activity-logs`);
      const main = page.getByRole("main");
      const controls = [
        main.getByPlaceholder("Search actions and descriptions"),
        main.getByLabel("Module"),
        main.getByLabel("Status"),
        main.getByLabel("User"),
        main.getByLabel("From"),
        main.getByLabel("To", { exact: true }),
      ];
      await expect.poll(() => controls[3]?.isVisible()).toBe(true);
      const boxes = await Promise.all(controls.map((control) => box(control)));
      const tops = boxes.map((found) => Math.round(found.y));
      expect(Math.max(...tops) - Math.min(...tops), `tops ${tops.join(", ")}`).toBeLessThanOrEqual(4);
      for (let index = 1; index < boxes.length; index++) {
        const previous = boxes[index - 1];
        const current = boxes[index];
        if (!previous || !current) continue;
        expect(current.x, `control ${index} after control ${index - 1}`).toBeGreaterThanOrEqual(
          previous.x + previous.width,
        );
      }
      const to = await box(main.getByText("To", { exact: true }));
      const toInput = boxes[5];
      expect(toInput && Math.abs(to.x - toInput.x)).toBeLessThanOrEqual(2);
      expect(toInput && toInput.y - (to.y + to.height)).toBeLessThanOrEqual(8);
      const right = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(right).toBeLessThanOrEqual(width);
      await page.context().close();
    });
  }
});

describe("contacts list", () => {
  it("fits 1366 px: no sideways scrolling, every row's View button inside the viewport", async () => {
    const width = 1366;
    for (const [name, request, subject, messageType] of [
      ["Maximilian Featherstonehaugh", "Inquiry about Aura Touch Switch — 3 Gang", "Product Buy", "productRequest"],
      [
        "Quote Customer",
        "Quote request for:\n2 × Smart Lock ($99.00)\n\nTotal: $198.00",
        "Quote request",
        "quoteRequest",
      ],
    ] as const) {
      const posted = await api(server, "POST", "/api/contacts", undefined, {
        name,
        email: `${name.toLowerCase().replaceAll(" ", ".")}@example-company-domain.com`,
        phone: "0123456789",
        subject,
        request,
        messageType,
        createdBy: "website",
      });
      expect(posted.status).toBe(201);
    }
    const page = await signedInAt({ width, height: 900 });
    await page.goto(`${server.url}/admin/contacts`);
    const table = page.getByRole("main").getByRole("table");
    const views = table.getByRole("button", { name: /^View/ });
    await expect.poll(() => views.count()).toBeGreaterThanOrEqual(2);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, "document scroll width").toBeLessThanOrEqual(width);
    const tableBox = await box(table);
    expect(tableBox.x + tableBox.width, "table right edge").toBeLessThanOrEqual(width);
    for (const view of await views.all()) {
      const found = await box(view);
      expect(found.x, "View left edge").toBeGreaterThanOrEqual(0);
      expect(found.x + found.width, "View right edge").toBeLessThanOrEqual(width);
    }
    await page.context().close();
  });
});
