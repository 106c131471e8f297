import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { admin, type RunningServer } from "./server.ts";

/**
 * axe's serious and critical findings on what the page shows now, one line each: the rule and the
 * elements it flagged. Minor and moderate findings are left out (the bar is 0 serious or critical).
 * `exclude` leaves out parts checked another way: axe cannot run inside a frame sandboxed without
 * scripts (the email preview) and waits on it forever, so such a frame's document is checked on a
 * page of its own (documentViolations).
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // A window fading in is measured at its final colours, not half-transparent (a false contrast failure).
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** The same check on a document given as HTML (a sandboxed frame's srcdoc), in a page of its own. */
export async function documentViolations(context: BrowserContext, html: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.setContent(html);
    return await seriousViolations(page);
  } finally {
    await page.close();
  }
}

/** A signed-in admin's cookies and storage, taken once through the sign-in form, for fresh contexts. */
export async function adminSession(
  browser: Browser,
  server: RunningServer,
): Promise<Awaited<ReturnType<BrowserContext["storageState"]>>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin`);
  const state = await context.storageState();
  await context.close();
  return state;
}
