import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

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

async function signInThroughForm(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin`);
  return page;
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin" });

describe("the app shell", () => {
  it("serves the storefront with the tagline, navbar and footer and no console errors", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await openPage(page, server.url);
    await expect.poll(() => page.getByText("Making homes smarter with style.").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Smart Locks" }).first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Manage" }).count()).toBe(0);
    expect(await page.getByRole("contentinfo").getByText(String(new Date().getFullYear())).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a signed-out visitor of /admin back to the home page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/contacts`);
    await page.waitForURL(`${server.url}/`);
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("signs a super admin in to the dashboard with every sidebar item, and out again", async () => {
    const context = await browser.newContext();
    const page = await signInThroughForm(context, admin.email, admin.password);
    await expect.poll(() => page.getByText(`${admin.name} (Administrator)`).first().isVisible()).toBe(true);
    for (const item of [
      "Dashboard",
      "Products",
      "Hero Banners",
      "Contacts",
      "Activity Logs",
      "Newsletters",
      "Manage",
    ]) {
      expect(await sidebar(page).getByText(item, { exact: true }).count(), item).toBeGreaterThan(0);
    }
    // Navbar and footer are hidden under /admin.
    expect(await page.getByRole("contentinfo").count()).toBe(0);

    await page.getByRole("button", { name: /account menu/i }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it("shows a limited role only its sidebar items, and the API refuses the rest", async () => {
    const adminToken = await apiSignIn(server, admin.email, admin.password);
    const role = await api<{ _id: string }>(server, "POST", "/api/roles/create-role", adminToken, {
      name: "Support Desk",
      permissions: ["contact:view-contacts", "contact:update-status"],
    });
    const email = "support.desk@example.com";
    await api(server, "POST", "/api/users", adminToken, {
      name: "Sam Support",
      email,
      phone: "0123456789",
      role: role.body.data._id,
      password: "support-pass",
    });

    const context = await browser.newContext();
    const page = await signInThroughForm(context, email, "support-pass");
    await expect.poll(() => sidebar(page).getByText("Contacts", { exact: true }).isVisible()).toBe(true);
    expect(await sidebar(page).getByText("Dashboard", { exact: true }).count()).toBe(1);
    for (const hidden of ["Products", "Hero Banners", "Activity Logs", "Newsletters", "Manage", "Users", "Roles"]) {
      expect(await sidebar(page).getByText(hidden, { exact: true }).count(), hidden).toBe(0);
    }
    const token = await apiSignIn(server, email, "support-pass");
    expect((await api(server, "GET", "/api/users/get-all-users", token)).status).toBe(403);
    expect((await api(server, "GET", "/api/activity-logs", token)).status).toBe(403);
    await context.close();
  });

  it("clears the session and says so when the token stops working", async () => {
    const context = await browser.newContext();
    const page = await signInThroughForm(context, admin.email, admin.password);
    // Revoke every session of the admin from outside the browser: sign in and out elsewhere is not enough,
    // so log the browser's own token out through the API.
    const token = await page.evaluate(() => {
      const raw = localStorage.getItem("persist:auth");
      return raw ? (JSON.parse(JSON.parse(raw).token) as string) : "";
    });
    expect(token).toMatch(/^ey/);
    await api(server, "POST", "/api/users/logout", token);
    await page.goto(`${server.url}/admin/manage/users`);
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/login");
    await context.close();
  });
});
