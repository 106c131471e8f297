import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// The user menus, the shop's and the admin top bar's, for staff whose role has a long name (roles allow
// 60 characters) and whose address is long: the whole name, role and address can be read in the open
// menu, and neither menu pushes the page past the screen. Measured in a real browser: jsdom has no layout.

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const longRole = "Regional Customer Support and Warranty Claims Coordinator";
const staff = {
  name: "Rhea Regional",
  email: "rhea.regional.customer-support.and.warranty.claims@example.com",
  password: "regional-pass",
};

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

/** The admin (where signing in lands), signed in as the staff member, at the given width. */
async function adminSignedIn(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin`);
  return page;
}

/** The shop's home page, signed in as the staff member, at the given width. */
async function homeSignedIn(width: number, height: number): Promise<Page> {
  const page = await adminSignedIn(width, height);
  await openPage(page, `${server.url}/`);
  return page;
}

const fitsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Opens the user menu and checks its header shows the whole name, role and address, inside the screen. */
async function expectWholeHeader(page: Page, width: number) {
  await page.getByTestId("user-menu-button").click();
  const headline = page.getByTestId("user-menu-name");
  await expect.poll(() => headline.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await headline.innerText()).toContain(`(${longRole})`);
  // The line under the name: found by place, not by a test id, so the test reads any version of the menu.
  const address = headline.locator("xpath=following-sibling::p[1]");
  expect(await address.innerText()).toBe(staff.email);
  for (const line of [headline, address]) {
    // Nothing clipped: the text needs no more room than the line shows.
    const clipped = await line.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(clipped).toBe(false);
    const box = await line.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  }
}

describe("the shop's user menu with a long role name", () => {
  // 768 px: the narrowest screen with the navbar's user menu (below it the mobile menu has none).
  for (const [width, height] of [
    [768, 1024],
    [1366, 900],
  ] as const) {
    it(`shows the whole role name and address inside the screen at ${width}×${height}`, async () => {
      const page = await homeSignedIn(width, height);
      await expectWholeHeader(page, width);
      expect(await fitsSideways(page)).toBe(true);
    });
  }

  it("leaves the phone layout without sideways scrolling at 390×844", async () => {
    const page = await homeSignedIn(390, 844);
    expect(await fitsSideways(page)).toBe(true);
  });
});

describe("the admin top bar's user menu with a long role name and address", () => {
  // 640 px: the narrowest screen where the top bar's button names the user (below it, only the avatar).
  for (const [width, height] of [
    [640, 900],
    [1024, 768],
    [1366, 900],
  ] as const) {
    it(`keeps the top bar inside the screen and the open menu readable at ${width}×${height}`, async () => {
      const page = await adminSignedIn(width, height);
      const button = page.getByTestId("user-menu-button");
      // The top bar is drawn again once the session is read: the box is taken from the one that stays.
      await expect.poll(async () => (await button.boundingBox()) !== null, { timeout: 15_000 }).toBe(true);
      await page.getByRole("main").getByRole("heading").first().waitFor();
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `button at ${box?.x}+${box?.width}`).toBe(true);
      // Inside the 64 px bar too: wrapped onto three lines, the name and address hung over the page below.
      const bar = await page.locator("header").filter({ has: button }).boundingBox();
      expect(
        box && bar && box.y >= bar.y && box.y + box.height <= bar.y + bar.height,
        `button ${box?.height} px tall`,
      ).toBe(true);
      expect(await fitsSideways(page)).toBe(true);
      await expectWholeHeader(page, width);
      expect(await fitsSideways(page)).toBe(true);
    });
  }
});

describe("the profile page with a long address", () => {
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    it(`shows the whole address at ${width}×${height}`, async () => {
      const page = await adminSignedIn(width, height);
      await openPage(page, `${server.url}/admin/profile`);
      const address = page.getByRole("main").getByText(staff.email, { exact: true });
      await expect.poll(() => address.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await address.innerText()).toBe(staff.email);
      const clipped = await address.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(clipped).toBe(false);
      expect(await fitsSideways(page)).toBe(true);
    });
  }
});
