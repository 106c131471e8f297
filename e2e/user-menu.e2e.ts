import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// The shop's user menu for staff whose role has a long name (roles allow 60 characters): the whole
// name can be read, and the menu still fits the screen. Measured in a real browser: jsdom has no layout.

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const longRole = "Regional Customer Support and Warranty Claims Coordinator";
const staff = { name: "Rhea Regional", email: "rhea.regional@example.com", password: "regional-pass" };

beforeAll(async () => {
  server = await startServer();
  const adminToken = await apiSignIn(server, admin.email, admin.password);
  const role = await api<{ _id: string }>(server, "POST", "/api/roles/create-role", adminToken, {
    name: longRole,
    permissions: ["contact:view-contacts"],
  });
  expect(role.status).toBe(201);
  const created = await api(server, "POST", "/api/users", adminToken, {
    ...staff,
    phone: "0123456789",
    role: role.body.data._id,
  });
  expect(created.status).toBe(201);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

/** The shop's home page, signed in as the staff member, at the given width. */
async function homeSignedIn(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin`);
  await openPage(page, `${server.url}/`);
  return page;
}

const fitsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the shop's user menu with a long role name", () => {
  // 768 px: the narrowest screen with the navbar's user menu (below it the mobile menu has none).
  for (const [width, height] of [
    [768, 1024],
    [1366, 900],
  ] as const) {
    it(`shows the whole role name inside the screen at ${width}×${height}`, async () => {
      const page = await homeSignedIn(width, height);
      await page.getByTestId("user-menu-button").click();
      const headline = page.getByTestId("user-menu-name");
      await expect.poll(() => headline.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await headline.innerText()).toContain(`(${longRole})`);
      // Nothing clipped: the text needs no more room than the line shows.
      const clipped = await headline.evaluate((line) => line.scrollWidth > line.clientWidth);
      expect(clipped).toBe(false);
      const box = await headline.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await fitsSideways(page)).toBe(true);
    });
  }

  it("leaves the phone layout without sideways scrolling at 390×844", async () => {
    const page = await homeSignedIn(390, 844);
    expect(await fitsSideways(page)).toBe(true);
  });
});
