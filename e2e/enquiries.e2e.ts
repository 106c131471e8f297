import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The database layer, to leave an enquiry from two days ago in the data dir before the server starts.
import { openDatabase } from "../apps/api/src/db/client.ts";
import { contacts } from "../apps/api/src/db/schema/index.ts";
// The API's own SMTP peer for tests: a real smtp-server on loopback that keeps what it receives.
import { type Captured, decodedBody, startSmtpSink } from "../apps/api/test/smtp-sink.ts";
import { launchBrowser, openPage, watchConsole } from "./browser.ts";
import { admin, api, freePort, type RunningServer, startServer } from "./server.ts";

// Issue 15's "done when": enquiry mail through a real SMTP peer, the team inbox in Chromium, and mail
// that waits out an SMTP outage. The contacts endpoint allows 5 posts a minute per address: this file
// sends two. The sample catalogue is loaded (a production server starts empty).

let server: RunningServer;
let browser: Browser;
let staff: Page;
let problems: string[];
let smtpPort: number;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

const customer = { name: "Jane Doe", email: "jane.doe@example.com", phone: "0123456789" };
const product = "Fortress Fingerprint Lock";
const waiting = { name: "Olga Waiting", email: "olga@example.com" };
const mailWait = { timeout: 20_000, interval: 250 };
/**
 * The outbox waits 30 s before a failed send's second attempt; this server waits 2 s (MAIL_RETRY_BACKOFF),
 * so the test does not sit out half a minute. This covers the wait and a dispatcher poll with room to spare.
 */
const retryWait = { timeout: 30_000, interval: 250 };

/** An enquiry received two days ago and never actioned: overdue against the 24-hour promise. */
async function leaveOldEnquiry(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    await database.migrate();
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await database.db.insert(contacts).values({
      ...waiting,
      phone: "0987654321",
      messageType: "productRequest",
      subject: "Product Buy",
      request: "Inquiry about Guardian Pro Keypad Lock",
      createdAt: twoDaysAgo,
      updatedAt: twoDaysAgo,
    });
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-enquiries-"));
  await leaveOldEnquiry(dataDir);
  // The SMTP peer is down when the server starts: the first test brings it up on this port.
  smtpPort = await freePort();
  server = await startServer({
    dataDir,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`,
      SAMPLE_DATA: "true",
      MAIL_RETRY_BACKOFF: "2s",
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

/** A header as the reader sees it: RFC 2047 encoded words ("=?UTF-8?Q?...?=") decoded. */
function decodedHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_word, encoding: string, text: string) =>
    encoding.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function peer() {
  if (!sink) throw new Error("the SMTP peer is not up");
  return sink;
}
const mailTo = (address: string, subject: (text: string) => boolean) =>
  peer().messages.filter(
    (message) => message.to.includes(address) && subject(decodedHeader(message.headers.get("subject") ?? "")),
  );
const alertFor = (name: string) => mailTo(admin.email, (subject) => subject.endsWith(`from ${name}`));
const confirmationTo = (address: string) =>
  mailTo(address, (subject) => subject.startsWith("We received your enquiry"));
const textOf = (message: Captured | undefined) => decodedBody(message?.raw ?? "");

/** The back-office link in an alert, made relative so it is followed on the server under test. */
function alertLink(message: Captured | undefined): string {
  const link = /https?:\/\/\S+\/admin\/contacts\?open=[0-9a-f-]{36}/.exec(textOf(message))?.[0];
  if (!link) throw new Error(`no back-office link in the alert:\n${textOf(message)}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/admin`);
}

const details = () => staff.getByRole("dialog", { name: "Contact Details" });
const thread = () => details().getByTestId("conversation");
const toast = (text: string) => staff.getByRole("region", { name: "Notifications" }).getByText(text);

describe("enquiry mail and the team inbox", () => {
  it("keeps an enquiry sent while the SMTP peer is down, and delivers its mail exactly once when it is back", async () => {
    const early = { name: "Early Bird", email: "early.bird@example.com" };
    const posted = await api(server, "POST", "/api/contacts", undefined, {
      ...early,
      phone: "0123456789",
      subject: "Product Buy",
      request: `Inquiry about ${product}`,
      messageType: "productRequest",
      createdBy: "website",
    });
    expect(posted.status).toBe(201);

    // The dispatcher tries at once and fails (nothing listens); then the peer comes up on that port.
    await expect.poll(() => server.output().includes("mail will be retried"), mailWait).toBe(true);
    sink = await startSmtpSink({ port: smtpPort });
    await expect.poll(() => alertFor(early.name).length, retryWait).toBe(1);
    await expect.poll(() => confirmationTo(early.email).length, retryWait).toBe(1);
    // Several more dispatcher rounds: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(alertFor(early.name)).toHaveLength(1);
    expect(confirmationTo(early.email)).toHaveLength(1);
  }, 120_000);

  it("sends the staff alert and the customer confirmation for a storefront product enquiry", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const shopper = watchConsole(page);
    await openPage(page, `${server.url}/shop/product/fortress-fingerprint-lock`);
    await page.getByRole("button", { name: "Get Product Information" }).click();
    const form = page.getByRole("dialog", { name: "Get Product Information" });
    await form.getByLabel("Full Name").fill(customer.name);
    await form.getByLabel("Email Address").fill(customer.email);
    await form.getByLabel("Phone Number").fill(customer.phone);
    await form.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.getByText("Inquiry Submitted Successfully!").isVisible()).toBe(true);
    expect(shopper).toEqual([]);
    await context.close();

    await expect.poll(() => alertFor(customer.name).length, mailWait).toBe(1);
    await expect.poll(() => confirmationTo(customer.email).length, mailWait).toBe(1);
    const alert = alertFor(customer.name)[0];
    expect(textOf(alert)).toContain(customer.email);
    expect(textOf(alert)).toContain(`Inquiry about ${product}`);
    // The confirmation names the product as the catalogue has it, and repeats none of the visitor's words.
    const confirmation = textOf(confirmationTo(customer.email)[0]);
    expect(confirmation).toContain(product);
    expect(confirmation).not.toContain("Inquiry about");
  });

  it("opens the contact from the alert's link, replies by email, adds a note and assigns it", async () => {
    staff = await (await browser.newContext()).newPage();
    problems = watchConsole(staff);
    await signIn(staff);
    const link = alertLink(alertFor(customer.name)[0]);
    await staff.goto(`${server.url}${link}`);
    await expect.poll(() => details().getByText(`Inquiry about ${product}`).isVisible()).toBe(true);
    expect(await details().getByText("Not Actioned").first().isVisible()).toBe(true);

    const reply = "Yes, it is in stock.\nWe can install it on Friday.";
    await details().getByLabel("Reply to the customer").fill(reply);
    await details().getByRole("button", { name: "Send reply" }).click();
    await expect
      .poll(() =>
        thread()
          .getByRole("listitem", { name: `Reply by ${admin.name}` })
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => details().getByText("In Progress").first().isVisible()).toBe(true);

    const answered = () => mailTo(customer.email, (subject) => subject === "Re: Product Buy");
    await expect.poll(() => answered().length, mailWait).toBe(1);
    const [mail] = answered();
    expect(mail?.headers.get("reply-to")).toContain("@");
    expect(mail?.headers.get("reply-to")).not.toBe(mail?.headers.get("from"));
    const body = textOf(mail);
    expect(body).toContain("We can install it on Friday.");
    expect(body).toContain(`${customer.name} wrote:`);
    expect(body).toContain(`> Inquiry about ${product}`);

    await details().getByRole("button", { name: "Internal note" }).click();
    await details().getByLabel("Add an internal note").fill("Prefers a morning visit.");
    await details().getByRole("button", { name: "Add note" }).click();
    await expect
      .poll(() =>
        thread()
          .getByRole("listitem", { name: `Note by ${admin.name}` })
          .isVisible(),
      )
      .toBe(true);

    await details().getByLabel("Assigned to").selectOption({ label: admin.name });
    await expect.poll(() => toast(`Assigned to ${admin.name}`).isVisible()).toBe(true);

    // The address still names the contact: a reload opens it again, the reply now delivered.
    await staff.reload();
    await expect.poll(() => thread().getByText("Emailed").isVisible(), mailWait).toBe(true);
    const audit = await new AxeBuilder({ page: staff }).include('[role="dialog"]').analyze();
    const serious = audit.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
    expect(
      await thread()
        .getByRole("listitem")
        .evaluateAll((items) => items.map((item) => item.dataset.kind)),
    ).toEqual(["request", "reply", "note"]);
    await details().getByRole("button", { name: "Close" }).last().click();
    await expect.poll(() => new URL(staff.url()).search).toBe("");

    // The note never left the building.
    expect(peer().messages.filter((message) => message.raw.includes("morning visit"))).toEqual([]);
  });

  it('filters the inbox by "Assigned to me" and "Overdue", and the dashboard counts the overdue one', async () => {
    const table = () => staff.getByRole("table");
    const names = () => table().locator("tbody tr td:first-child > span:first-child").allTextContents();

    await staff.getByRole("button", { name: "Assigned to me" }).click();
    await expect.poll(() => new URL(staff.url()).search).toBe("?assigned=me");
    await expect.poll(names).toEqual([customer.name]);

    await staff.getByRole("button", { name: "Assigned to me" }).click();
    await staff.getByRole("button", { name: "Overdue" }).click();
    await expect.poll(() => new URL(staff.url()).search).toBe("?overdue=true");
    await expect.poll(names).toEqual([waiting.name]);
    expect(await table().locator("tbody tr").first().getByText("Overdue").isVisible()).toBe(true);

    await staff.getByRole("link", { name: "Dashboard" }).first().click();
    await staff.waitForURL(`${server.url}/admin`);
    const overdue = staff.getByTestId("stat-contacts").getByRole("link", { name: "1 overdue" });
    await expect.poll(() => overdue.isVisible()).toBe(true);
    await overdue.click();
    await staff.waitForURL(`${server.url}/admin/contacts?overdue=true`);
    await expect.poll(names).toEqual([waiting.name]);

    // Each of these is in the activity log, with the contact.
    await staff.goto(`${server.url}/admin/activity-logs`);
    for (const text of [
      `Replied to ${customer.name}'s request "Product Buy"`,
      `Added a note to ${customer.name}'s request "Product Buy"`,
      `Assigned ${customer.name}'s request to ${admin.name}`,
    ]) {
      await expect.poll(() => staff.getByText(text).first().isVisible()).toBe(true);
    }
    expect(problems).toEqual([]);
  });
});
