import { crc32, deflateSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// The production-mode server starts without the sample catalogue: this file makes what it needs.
// The contacts endpoint allows 5 posts a minute per address: this file sends one.

let server: RunningServer;
let browser: Browser;
let adminContext: BrowserContext;
let adminPage: Page;
let adminToken: string;
let problems: string[];

const product = { name: "Guardian Keypad Lock", price: "149.50", newPrice: "129" };
const support = { name: "Sam Support", email: "sam.support@example.com", password: "support-pass" };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await apiSignIn(server, admin.email, admin.password);
  adminContext = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A solid-colour PNG, written by hand (signature, IHDR, one IDAT, IEND): no image library needed. */
function png(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => [red, green, blue][i % 3] ?? 0)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function signIn(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin`);
  return page;
}

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
const shopNames = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();

describe("the back office", () => {
  it("creates a product with two uploaded images, and the shop shows it on its list and its page", async () => {
    const category = await api<{ _id: string }>(server, "POST", "/api/categories", adminToken, { name: "Smart Locks" });
    expect(category.status).toBe(201);

    adminPage = await signIn(adminContext, admin.email, admin.password);
    problems = watchConsole(adminPage);
    await adminPage.goto(`${server.url}/admin/products`);
    await adminPage.getByRole("link", { name: "Add product" }).click();
    await adminPage.waitForURL(`${server.url}/admin/products/create`);

    await adminPage.getByLabel("Name", { exact: true }).fill(product.name);
    await adminPage.getByLabel("Price (USD)").fill(product.price);
    await adminPage.getByLabel("Description").fill("Keypad, fingerprint and app access.");
    await adminPage.getByLabel("Category", { exact: true }).selectOption({ label: "Smart Locks" });
    await adminPage.locator('input[type="file"]').setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: png(64, 48, [13, 148, 136]) },
      { name: "side.png", mimeType: "image/png", buffer: png(48, 64, [124, 58, 237]) },
    ]);
    await expect.poll(() => adminPage.getByRole("img", { name: /^Image \d$/ }).count()).toBe(2);
    await adminPage.getByLabel("Amazon Alexa").check();
    await adminPage.getByRole("button", { name: "Create product" }).click();

    await adminPage.waitForURL(`${server.url}/admin/products`);
    await expect.poll(() => adminPage.getByRole("row").filter({ hasText: product.name }).isVisible()).toBe(true);

    const shopper = await browser.newPage();
    await openPage(shopper, `${server.url}/shop`);
    await expect.poll(() => shopNames(shopper)).toContain(product.name);
    await shopper.getByRole("link", { name: product.name }).first().click();
    await expect.poll(() => shopper.getByRole("heading", { level: 1, name: product.name }).isVisible()).toBe(true);
    await expect.poll(() => shopper.getByText("$149.50").first().isVisible()).toBe(true);
    const gallery = await shopper.locator('main img[src^="/uploads/products/"]').count();
    expect(gallery).toBeGreaterThanOrEqual(1);
    await shopper.close();
  });

  it("edits its price, and the shop shows the new one", async () => {
    await adminPage.getByRole("link", { name: `Edit ${product.name}` }).click();
    await adminPage.waitForURL(/\/admin\/products\/edit\//);
    const price = adminPage.getByLabel("Price (USD)");
    await expect.poll(() => price.inputValue()).toBe("149.5");
    await price.fill(product.newPrice);
    await adminPage.getByRole("button", { name: "Save changes" }).click();
    await adminPage.waitForURL(`${server.url}/admin/products`);
    await expect.poll(visible(adminPage, "$129.00")).toBe(true);

    const shopper = await browser.newPage();
    await openPage(shopper, `${server.url}/shop`);
    await expect.poll(visible(shopper, "$129.00")).toBe(true);
    expect(await shopper.getByText("$149.50").count()).toBe(0);
    await shopper.close();
  });

  it("soft-deletes it: gone from the shop and the list, and back from the inactive list", async () => {
    await adminPage.getByRole("button", { name: `Delete ${product.name}` }).click();
    const confirm = adminPage.getByRole("dialog", { name: "Delete product?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(visible(adminPage, "No products found")).toBe(true);

    const shopper = await browser.newPage();
    await openPage(shopper, `${server.url}/shop`);
    await expect.poll(visible(shopper, "No products found")).toBe(true);
    await shopper.close();

    await adminPage.getByRole("button", { name: "Show filters" }).click();
    await adminPage.getByLabel("Status", { exact: true }).selectOption({ label: "Inactive (deleted)" });
    await expect.poll(() => adminPage.getByRole("button", { name: `Restore ${product.name}` }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it("orders the home carousel as the hero banners are ordered", async () => {
    // One banner made through the API, one through the form with an uploaded image.
    const spring = await api(server, "POST", "/api/hero-banners", adminToken, {
      title: "Spring sale",
      image: "/images/spring-sale.webp",
    });
    expect(spring.status).toBe(201);

    await adminPage.goto(`${server.url}/admin/hero-banners/create`);
    await adminPage.getByLabel("Title", { exact: true }).fill("Smart locks week");
    await adminPage.getByLabel("Call-to-action label").fill("Shop locks");
    await adminPage.getByLabel("Call-to-action link").fill("/smart-locks");
    await adminPage.locator('input[type="file"]').setInputFiles({
      name: "banner.png",
      mimeType: "image/png",
      buffer: png(120, 50, [15, 23, 42]),
    });
    await expect.poll(() => adminPage.getByRole("img", { name: "Image 1" }).count()).toBe(1);
    await adminPage.getByRole("button", { name: "Create banner" }).click();
    await adminPage.waitForURL(`${server.url}/admin/hero-banners`);

    const firstTitle = async (page: Page) => (await page.getByRole("group", { name: "1 of 2" }).textContent()) ?? "";
    const home = await browser.newPage();
    await openPage(home, server.url);
    await expect.poll(() => firstTitle(home)).toContain("Spring sale");

    await adminPage.getByRole("button", { name: "Move Smart locks week up" }).click();
    await expect.poll(visible(adminPage, "Banner order saved")).toBe(true);

    await home.reload();
    await expect.poll(() => firstTitle(home)).toContain("Smart locks week");
    expect(await home.getByRole("group", { name: "2 of 2" }).textContent()).toContain("Spring sale");
    await home.close();
  });

  it("opens a storefront enquiry in the inbox; a status change moves it between tabs and is in the activity log", async () => {
    const posted = await api(server, "POST", "/api/contacts", undefined, {
      name: "Nina Buyer",
      email: "nina@example.com",
      phone: "0123456789",
      subject: "Product Buy",
      request: "Inquiry about Guardian Keypad Lock",
      messageType: "productRequest",
      createdBy: "website",
    });
    expect(posted.status).toBe(201);

    await adminPage.goto(`${server.url}/admin/contacts`);
    const count = (status: string) => adminPage.getByTestId(`contact-count-${status}`).textContent();
    await expect.poll(() => count("notActioned")).toBe("1");
    expect(await count("completed")).toBe("0");

    await adminPage.getByRole("button", { name: "View Nina Buyer's request" }).click();
    const details = adminPage.getByRole("dialog", { name: "Contact Details" });
    await expect.poll(() => details.getByText("Inquiry about Guardian Keypad Lock").isVisible()).toBe(true);
    await details.getByLabel("Change status").selectOption({ label: "Completed" });
    await expect.poll(() => count("completed")).toBe("1");
    expect(await count("notActioned")).toBe("0");
    await details.getByRole("button", { name: "Close" }).first().click();

    await adminPage.goto(`${server.url}/admin/activity-logs`);
    await expect
      .poll(visible(adminPage, "Changed the status of Nina Buyer's request from Not Actioned to Completed"))
      .toBe(true);
  });

  it("shows a Support user the contacts and nothing else", async () => {
    const roles = await api<{ roles: { _id: string; name: string }[] }>(
      server,
      "GET",
      "/api/roles/get-all-role",
      adminToken,
    );
    const role = roles.body.data.roles.find((candidate) => candidate.name === "Support");
    expect(role).toBeDefined();
    const created = await api(server, "POST", "/api/users", adminToken, {
      name: support.name,
      email: support.email,
      phone: "0123456789",
      role: role?._id,
      password: support.password,
    });
    expect(created.status).toBe(201);

    const context = await browser.newContext();
    const page = await signIn(context, support.email, support.password);
    const sidebar = page.getByRole("navigation", { name: "Admin navigation" });
    await expect.poll(() => sidebar.getByText("Contacts", { exact: true }).isVisible()).toBe(true);
    const items = await sidebar.locator("[data-testid^='nav-']").allInnerTexts();
    expect(items.map((text) => text.trim())).toEqual(["Dashboard", "Contacts"]);
    // The dashboard shows the contacts block alone.
    await expect.poll(() => page.getByTestId("stat-contacts").isVisible()).toBe(true);
    expect(await page.getByTestId("stat-products").count()).toBe(0);

    await page.goto(`${server.url}/admin/products`);
    await expect.poll(() => page.getByTestId("forbidden").isVisible()).toBe(true);
    await context.close();
  });

  it("draws the admin dashboard's charts without errors", async () => {
    const page = await adminContext.newPage();
    const errors = watchConsole(page);
    await page.goto(`${server.url}/admin`);
    await expect.poll(() => page.locator(".recharts-surface").count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId("stat-contacts").textContent()).toContain("1 new this week");
    expect(errors).toEqual([]);
  });
});
