import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

let server: RunningServer;
let browser: Browser;
let page: Page;

const jane = "jane.cooper@example.com";
const wade = "wade.warren@example.com";
const esther = "esther.howard@example.com";
const cameron = "cameron.williamson@example.com";
/** The rows of apps/web/public/assets/sample-subscribers.csv. */
const sampleEmails = [jane, wade, esther, cameron, "brooklyn.simmons@example.com"];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = (name: string) => page.getByRole("dialog", { name });
const toast = (text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text);
const row = (email: string) => page.getByRole("row").filter({ hasText: email });

type SubscriberList = { subscribers: { email: string; tags: { name: string }[] }[] };

async function listedByApi(): Promise<SubscriberList["subscribers"]> {
  const token = await apiSignIn(server, admin.email, admin.password);
  const listed = await api<SubscriberList>(server, "GET", "/api/newsletter/get-all-subscriber?limit=100", token);
  return listed.body.data.subscribers;
}

describe("newsletter audience", () => {
  it("creates a tag through the Create Tag modal", async () => {
    const problems = watchConsole(page);
    await page.goto(`${server.url}/admin/tags`);
    await expect.poll(() => page.getByText("No tags found").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Create Tag" }).click();
    const modal = dialog("Create Tag");
    await modal.getByLabel("Tag Name").fill("Early  Adopters");
    expect(await modal.getByTestId("slug-preview").innerText()).toBe("Slug: early-adopters");
    await modal.getByRole("button", { name: "Create Tag" }).click();

    await expect.poll(() => toast("Tag created successfully").isVisible()).toBe(true);
    await expect.poll(() => row("early-adopters").isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it("imports the sample CSV with a tag: the count toast, then the subscribers with the tag", async () => {
    const problems = watchConsole(page);
    await page.goto(`${server.url}/admin/newsletters/subscribers`);
    await expect.poll(() => page.getByText("No subscribers found").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Import CSV" }).click();
    const modal = dialog("Bulk Import Subscribers");

    // The sample the modal offers is the file imported.
    const href = await modal.getByRole("link", { name: "Download sample CSV" }).getAttribute("href");
    expect(href).toBe("/assets/sample-subscribers.csv");
    const sample = await page.request.get(`${server.url}${href}`);
    expect(sample.ok()).toBe(true);
    const csv = await sample.body();
    expect(csv.toString("utf8").split(/\r?\n/)[0]).toBe("email,name");

    await modal
      .getByLabel("CSV file", { exact: true })
      .setInputFiles({ name: "sample-subscribers.csv", mimeType: "text/csv", buffer: csv });
    await expect.poll(() => modal.getByText("sample-subscribers.csv").isVisible()).toBe(true);
    // The columns appear once the server has read the file, above the tags: a click before that lands
    // where the tag was (CI once clicked the tag as they appeared, and it stayed unchecked).
    await expect.poll(() => modal.getByLabel("Email column").isVisible()).toBe(true);
    await modal.getByRole("checkbox", { name: /Early Adopters/ }).check();
    await modal.getByRole("button", { name: "Import" }).click();

    await expect.poll(() => toast("Successfully imported 5 subscriber(s).").isVisible()).toBe(true);
    expect(await modal.getByTestId("import-result").textContent()).toMatch(/Imported\s*5/);
    await modal.getByRole("button", { name: "Done" }).click();

    for (const email of sampleEmails) {
      await expect.poll(() => row(email).isVisible()).toBe(true);
      await expect.poll(() => row(email).getByText("Early Adopters").isVisible()).toBe(true);
    }
    expect(problems).toEqual([]);
  });

  it("assigns a tag to the selected subscribers only", async () => {
    const token = await apiSignIn(server, admin.email, admin.password);
    const created = await api(server, "POST", "/api/newsletter-tags/tags", token, {
      name: "Smart Locks",
      slug: "smart-locks",
      description: "",
    });
    expect(created.status).toBe(201);
    // The tag list was read before this tag existed.
    await page.reload();
    await page.getByRole("checkbox", { name: `Select ${jane}` }).check();
    await page.getByRole("checkbox", { name: `Select ${wade}` }).check();
    const bar = page.getByTestId("selection-bar");
    expect(await bar.innerText()).toContain("2 selected");
    await bar.getByRole("button", { name: "Assign Tags" }).click();

    const modal = dialog("Assign Tags");
    expect(await modal.innerText()).toContain("2 selected subscriber(s)");
    await modal.getByRole("searchbox", { name: "Search tags" }).fill("smart");
    await modal.getByRole("checkbox", { name: /Smart Locks/ }).check();
    await modal.getByRole("button", { name: "Assign Tags" }).click();

    await expect.poll(() => toast("Tags assigned successfully!").isVisible()).toBe(true);
    await expect.poll(() => row(jane).getByText("Smart Locks").isVisible()).toBe(true);
    await expect.poll(() => row(wade).getByText("Smart Locks").isVisible()).toBe(true);
    expect(await row(esther).getByText("Smart Locks").count()).toBe(0);
  });

  it("shows a subscriber's history in the quick view", async () => {
    await page.getByRole("button", { name: `View ${cameron}` }).click();
    const modal = dialog("Subscriber Details");
    await expect.poll(() => modal.getByText("No campaigns yet").isVisible()).toBe(true);
    await expect.poll(() => modal.getByText("Import", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => modal.getByText("Early Adopters").isVisible()).toBe(true);
    await modal.getByRole("button", { name: "Close" }).click();
  });

  it("edits a subscriber's email, trimmed, then deletes the subscriber", async () => {
    const before = esther;
    const after = "esther.h@example.com";
    await page.getByRole("button", { name: `Edit ${before}` }).click();
    const modal = dialog("Edit Subscriber");
    await modal.getByLabel("Email").fill(`  ${after}  `);
    await modal.getByRole("button", { name: "Save changes" }).click();

    await expect.poll(() => toast("Subscriber updated successfully").isVisible()).toBe(true);
    await expect.poll(() => row(after).isVisible()).toBe(true);
    expect(await row(before).count()).toBe(0);

    await page.getByRole("button", { name: `Delete ${after}` }).click();
    await dialog("Delete subscriber?").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => toast("Subscriber deleted successfully").isVisible()).toBe(true);
    await expect.poll(() => row(after).count()).toBe(0);

    const emails = (await listedByApi()).map((subscriber) => subscriber.email);
    expect(emails).not.toContain(after);
    expect(emails).toHaveLength(4);
  });
});
