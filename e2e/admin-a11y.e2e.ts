import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, documentViolations, seriousViolations } from "./axe.ts";
import { launchBrowser, watchConsole } from "./browser.ts";
import { importTaggedSubscribers } from "./seed.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// The back office's busiest screens, each as staff see it with something in it, checked by axe at
// 0 serious or critical violations: compose with its preview showing a written mail, the contacts
// list and an enquiry's details, the subscribers list, and the import window open. Each check is soft:
// one run names every screen's findings.

let server: RunningServer;
let browser: Browser;
let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;
const contexts: BrowserContext[] = [];

const enquirer = { name: "Priya Shah", email: "priya@example.com" };

/** A product enquiry and a general message for the inbox; three tagged subscribers for the audience. */
async function seed(): Promise<void> {
  const token = await apiSignIn(server, admin.email, admin.password);
  for (const [who, messageType, request] of [
    [enquirer, "productRequest", "Inquiry about Fortress Fingerprint Lock"],
    [{ name: "Sam Lee", email: "sam@example.com" }, "general", "Do you install in Leeds?"],
  ] as const) {
    const posted = await api(server, "POST", "/api/contacts", undefined, {
      ...who,
      phone: "0123456789",
      subject: "Product Buy",
      request,
      messageType,
      createdBy: "website",
    });
    expect(posted.status).toBe(201);
  }
  const csv = "email,name\nann@example.com,Ann Ash\nbob@example.com,Bob Birch\ncy@example.com,Cy Cole\n";
  await importTaggedSubscribers(server, token, { name: "Early birds", slug: "early-birds" }, csv);
}

beforeAll(async () => {
  process.env.SAMPLE_DATA = "true";
  server = await startServer();
  browser = await launchBrowser();
  signedIn = await adminSession(browser, server);
  await seed();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

/** An admin page at laptop size in a fresh signed-in context, with its console watched. */
async function openAdmin(path: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: signedIn });
  contexts.push(context);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${server.url}${path}`);
  return { page, problems };
}

const visible = { timeout: 15_000 };
/** The email preview: sandboxed without scripts, so axe checks its document separately. */
const previewFrame = "iframe[sandbox]";

describe("back-office accessibility (axe, 0 serious or critical)", () => {
  it("compose, with a written mail in its preview", async () => {
    const { page, problems } = await openAdmin("/admin/compose-mail");
    await page.getByLabel("Subject").fill("Spring launch");
    await page.getByLabel("Preheader").fill("New switches are here");
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Hello ");
    await page.getByRole("button", { name: "Insert {{email}}" }).click();
    const preview = page.getByTitle("Email preview").first();
    await expect.poll(async () => (await preview.getAttribute("srcdoc")) ?? "", visible).toContain("Hello");
    await page.getByRole("button", { name: "Mobile" }).click();
    // The page around the preview, then the previewed mail as a document of its own.
    expect.soft(await seriousViolations(page, [previewFrame])).toEqual([]);
    const mail = (await preview.getAttribute("srcdoc")) ?? "";
    expect.soft(await documentViolations(page.context(), mail)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("contacts: the list, then an enquiry's details", async () => {
    const { page, problems } = await openAdmin("/admin/contacts");
    const view = page.getByRole("button", { name: `View ${enquirer.name}'s request` });
    await expect.poll(() => view.isVisible(), visible).toBe(true);
    expect.soft(await seriousViolations(page)).toEqual([]);
    await view.click();
    const details = page.getByRole("dialog", { name: "Contact Details" });
    await expect.poll(() => details.getByText(enquirer.email).first().isVisible(), visible).toBe(true);
    expect.soft(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("a new role, with every permission and its code listed", async () => {
    const { page, problems } = await openAdmin("/admin/manage/roles/create");
    await expect.poll(() => page.getByText("product:view-products").first().isVisible(), visible).toBe(true);
    expect.soft(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("subscribers, then the import window open", async () => {
    const { page, problems } = await openAdmin("/admin/newsletters/subscribers");
    await expect.poll(() => page.getByText("ann@example.com").first().isVisible(), visible).toBe(true);
    expect.soft(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Import CSV" }).click();
    const modal = page.getByRole("dialog", { name: "Bulk Import Subscribers" });
    await expect.poll(() => modal.isVisible(), visible).toBe(true);
    // Whatever the window shows first (a file step, a mapping step, tags), it is checked once it settles.
    await page.waitForLoadState("networkidle");
    expect.soft(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
