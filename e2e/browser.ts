import { type Browser, chromium, type Page } from "playwright-core";
import { findChromium } from "./chromium.mjs";
import { admin } from "./server.ts";

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("Chromium not found");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Collects console errors and CSP violations, so a test can assert the page ran clean. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/**
 * Opens a page and waits until it answers to input. Storefront pages arrive rendered by the server and are
 * visible before their JavaScript has loaded; a click before then would land on inert markup.
 */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector("html[data-ready]", { state: "attached" });
}

/** Signs the admin in through the sign-in form, as staff do, and waits for the dashboard. */
export async function signInAdmin(page: Page, serverUrl: string): Promise<void> {
  await page.goto(`${serverUrl}/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${serverUrl}/admin`);
}
