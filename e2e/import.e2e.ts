import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// Issue 16 items 11 and 14, end to end: a tag created inside the import window, a German export's
// columns shown before importing and one changed, and the import recorded as the people's consent.
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
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

/** A German Excel export: semicolons, Windows-1252, CRLF. */
const germanExport = Buffer.from(
  "E-Mail;Vorname;Nachname\r\nmuster@example.de;José;Muñoz\r\nklein@example.de;Jürgen;Groß\r\n",
  "latin1",
);

type Listed = { subscribers: { email: string; name: string | null; tags: { name: string }[] }[] };

describe("importing a German export through the import window", () => {
  it("creates a tag in the window, shows and changes the column mapping, imports, and records the import as consent", async () => {
    const problems = watchConsole(page);
    await page.goto(`${server.url}/admin/newsletters/subscribers`);
    await page.getByRole("button", { name: "Import CSV" }).click();
    const modal = page.getByRole("dialog", { name: "Bulk Import Subscribers" });

    // No tag exists yet: one is made here, without leaving the window.
    await modal.getByRole("searchbox", { name: "Search tags" }).fill("Messe 2026");
    await modal.getByRole("button", { name: "Create tag “Messe 2026”" }).click();
    await expect.poll(() => modal.getByRole("checkbox", { name: /Messe 2026/ }).isChecked()).toBe(true);

    await modal
      .getByLabel("CSV file", { exact: true })
      .setInputFiles({ name: "kunden.csv", mimeType: "text/csv", buffer: germanExport });
    const columns = modal.getByRole("group", { name: "Columns" });
    await expect.poll(() => columns.isVisible()).toBe(true);
    const chosen = (label: string) =>
      columns.getByLabel(label).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent);
    expect(await chosen("Email column")).toBe("E-Mail (column 1)");
    expect(await chosen("First name column")).toBe("Vorname (column 2)");
    expect(await chosen("Last name column")).toBe("Nachname (column 3)");
    const sample = columns.getByRole("table", { name: "First rows of the file" });
    expect(await sample.innerText()).toContain("Jürgen");
    expect(await columns.innerText()).toContain("Read as Windows-1252");

    // This export has the names the other way round: staff swap them.
    await columns.getByLabel("First name column").selectOption({ label: "Nachname (column 3)" });
    await columns.getByLabel("Last name column").selectOption({ label: "Vorname (column 2)" });
    await modal.getByRole("button", { name: "Import" }).click();
    const toast = page
      .getByRole("region", { name: "Notifications" })
      .getByText("Successfully imported 2 subscriber(s).");
    await expect.poll(() => toast.isVisible()).toBe(true);
    await modal.getByRole("button", { name: "Done" }).click();

    const token = await apiSignIn(server, admin.email, admin.password);
    const listed = await api<Listed>(server, "GET", "/api/newsletter/get-all-subscriber?limit=100", token);
    const byEmail = new Map(listed.body.data.subscribers.map((s) => [s.email, s]));
    expect(byEmail.get("muster@example.de")).toMatchObject({ name: "Muñoz José", tags: [{ name: "Messe 2026" }] });
    expect(byEmail.get("klein@example.de")).toMatchObject({ name: "Groß Jürgen" });

    await page.getByRole("button", { name: "View muster@example.de" }).click();
    const details = page.getByRole("dialog", { name: "Subscriber Details" });
    const consent = details.getByText(/^Imported from kunden\.csv by Ada Admin on /);
    await expect.poll(() => consent.isVisible()).toBe(true);
    expect(await details.innerText()).not.toMatch(/from \d+\.\d+\.\d+\.\d+|from ::/);
    expect(problems).toEqual([]);
  });
});
