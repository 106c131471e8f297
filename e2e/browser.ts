import { type Browser, chromium, type Page } from "playwright-core";
import { findChromium } from "./chromium.mjs";
import { admin } from "./server.ts";

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("Chromium not found");
  const browser = await chromium.launch({
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
  const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? "1");
  return slowdown > 1 ? slowedDown(browser, slowdown) : browser;
}

/**
 * E2E_CPU_SLOWDOWN=4 runs every page on a CPU that many times slower (Chromium's own throttling): the
 * waits a busy CI machine needs, found on a quiet one (a race between the address and the new page, a
 * carousel that turned before it was measured).
 */
function slowedDown(browser: Browser, rate: number): Browser {
  const slow = async (page: Page) => {
    const session = await page.context().newCDPSession(page);
    await session.send("Emulation.setCPUThrottlingRate", { rate });
    return page;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => slow(await newPage());
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => slow(await newPage(...args));
  return browser;
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
