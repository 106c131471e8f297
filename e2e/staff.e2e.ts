import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

let server: RunningServer;
let browser: Browser;
let adminContext: BrowserContext;
let adminPage: Page;
let staffContext: BrowserContext;
let staffPage: Page;

const staff = { name: "Cara Catalogue", email: "cara.catalogue@example.com", password: "catalogue-pass" };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminContext = await browser.newContext();
  staffContext = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signInThroughForm(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin`);
  return page;
}

/** The token the browser holds, as the shell test reads it. */
function browserToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("persist:auth");
    return raw ? (JSON.parse(JSON.parse(raw).token) as string) : "";
  });
}

type ProductList = { products: { _id: string; price: number }[] };

/** A product from GET /api/products; the production-mode server starts without the sample catalogue, so make one if need be. */
async function someProduct(adminToken: string): Promise<{ productId: string; originalPrice: number }> {
  const listed = (await api<ProductList>(server, "GET", "/api/products")).body.data.products[0];
  if (listed) return { productId: listed._id, originalPrice: listed.price };
  const category = await api<{ _id: string }>(server, "POST", "/api/categories", adminToken, { name: "Smart Locks" });
  const created = await api<{ _id: string; price: number }>(server, "POST", "/api/products", adminToken, {
    name: "Smart Lock Pro",
    price: 49.99,
    description: "Fingerprint, PIN and app access.",
    category: category.body.data._id,
  });
  expect(created.status).toBe(201);
  return { productId: created.body.data._id, originalPrice: created.body.data.price };
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin" });
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

describe("staff and audit", () => {
  it("creates a Catalogue role with product permissions only", async () => {
    adminPage = await signInThroughForm(adminContext, admin.email, admin.password);
    const problems = watchConsole(adminPage);
    await adminPage.goto(`${server.url}/admin/manage/roles/create`);
    await adminPage.getByLabel("Name").fill("Catalogue");
    await adminPage.getByRole("checkbox", { name: "Select all Products permissions" }).check();
    await adminPage.getByRole("button", { name: "Create role" }).click();

    await adminPage.waitForURL(`${server.url}/admin/manage/roles`);
    const row = adminPage.getByRole("row").filter({ hasText: "Catalogue" });
    await expect.poll(() => row.isVisible()).toBe(true);
    // No users yet, three permissions.
    expect((await row.getByRole("cell").allInnerTexts()).slice(1, 3)).toEqual(["0", "3"]);
    expect(problems).toEqual([]);
  });

  it("creates a user with that role through the Create User modal", async () => {
    await adminPage.goto(`${server.url}/admin/manage/users`);
    await adminPage.getByRole("button", { name: "Create User" }).click();
    const modal = dialog(adminPage, "Create User");
    await modal.getByLabel("Name").fill(staff.name);
    await modal.getByLabel("Email").fill(staff.email);
    await modal.getByLabel("Phone").fill("0123456789");
    await modal.getByLabel("Role").selectOption({ label: "Catalogue" });
    await modal.getByLabel("Password", { exact: true }).fill(staff.password);
    await modal.getByLabel("Confirm password").fill(staff.password);
    await modal.getByRole("button", { name: "Create User" }).click();

    await expect.poll(() => modal.count()).toBe(0);
    const row = adminPage.getByRole("row").filter({ hasText: staff.email });
    await expect.poll(() => row.isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Catalogue", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => row.getByText("Active", { exact: true }).isVisible()).toBe(true);
  });

  it("shows the new user only Dashboard and Products, and a clear no-access page elsewhere", async () => {
    staffPage = await signInThroughForm(staffContext, staff.email, staff.password);
    await expect.poll(() => sidebar(staffPage).getByText("Products", { exact: true }).isVisible()).toBe(true);
    const items = await sidebar(staffPage).locator("[data-testid^='nav-']").allInnerTexts();
    expect(items.map((text) => text.trim())).toEqual(["Dashboard", "Products"]);

    await staffPage.goto(`${server.url}/admin/manage/users`);
    const forbidden = staffPage.getByTestId("forbidden");
    await expect.poll(() => forbidden.isVisible()).toBe(true);
    await expect
      .poll(() => forbidden.getByRole("heading", { name: "You don't have access to this page" }).isVisible())
      .toBe(true);
    expect(await staffPage.getByRole("table").count()).toBe(0);

    const token = await browserToken(staffPage);
    const status = await staffPage.evaluate(
      async (bearer) =>
        (await fetch("/api/users/get-all-users", { headers: { authorization: `Bearer ${bearer}` } })).status,
      token,
    );
    expect(status).toBe(403);
  });

  it("deactivating the user ends their open session at its next action, and refuses their sign-in like a wrong password", async () => {
    await adminPage.getByRole("button", { name: `Deactivate ${staff.name}` }).click();
    const confirm = dialog(adminPage, "Deactivate user?");
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    const row = adminPage.getByRole("row").filter({ hasText: staff.email });
    await expect.poll(() => row.getByText("Inactive", { exact: true }).isVisible()).toBe(true);

    // The open tab's next action asks the server for something: Profile from the account menu.
    await staffPage.getByTestId("user-menu-button").click();
    await staffPage.getByRole("menuitem", { name: "Profile" }).click();
    await expect.poll(() => staffPage.getByText("Session expired. Please login again.").isVisible()).toBe(true);
    await staffPage.waitForURL(`${server.url}/`);

    await staffPage.goto(`${server.url}/login`);
    await staffPage.getByLabel("Email").fill(staff.email);
    await staffPage.getByLabel("Password").fill(staff.password);
    await staffPage.getByRole("button", { name: "Sign in" }).click();
    await expect
      .poll(async () => (await staffPage.getByRole("alert").textContent()) ?? "")
      .toContain("Invalid email or password");
    expect(new URL(staffPage.url()).pathname).toBe("/login");
  });

  it("opens a product edit in the activity log and shows the price change as a diff", async () => {
    const adminToken = await apiSignIn(server, admin.email, admin.password);
    const { productId, originalPrice } = await someProduct(adminToken);
    const edit = await api(server, "PUT", `/api/products/${productId}`, adminToken, { price: 44.99 });
    expect(edit.status).toBe(200);

    await adminPage.goto(`${server.url}/admin/activity-logs`);
    await adminPage.getByLabel("Module").selectOption({ label: "Products" });
    const row = adminPage.getByRole("row").filter({ hasText: "Update product" }).first();
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole("button", { name: "View details" }).click();

    const modal = dialog(adminPage, "Activity Details");
    await expect.poll(() => modal.getByText("Update product in Products").isVisible()).toBe(true);
    expect(await modal.getByRole("link", { name: "Open product" }).getAttribute("href")).toBe(
      `/admin/products/edit/${productId}`,
    );
    const price = modal.locator('[data-field="price"]');
    expect(await price.locator('[data-diff="original"]').innerText()).toContain(String(originalPrice));
    expect(await price.locator('[data-diff="updated"]').innerText()).toContain("44.99");
    await modal.getByRole("button", { name: "Close" }).first().click();
  });

  it("exports the filtered log as CSV", async () => {
    const [download] = await Promise.all([
      adminPage.waitForEvent("download"),
      adminPage.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^activity-logs-.*\.csv$/);
    const text = await readFile(await download.path(), "utf8");
    expect(text).toContain("Update product");
    // Filtered by module: no sign-ins in it.
    expect(text).not.toContain("Login");
  });
});
