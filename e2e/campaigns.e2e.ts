import type { CampaignDto, FunnelDto } from "@shop/shared/schemas/campaigns";
import type { SubscriberDto, TagDto } from "@shop/shared/schemas/newsletter";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
// The API's own SMTP peer for tests: a real smtp-server on loopback that keeps what it receives.
import { type Captured, decodedBody, startSmtpSink } from "../apps/api/test/smtp-sink.ts";
import { launchBrowser, watchConsole } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

let server: RunningServer;
let browser: Browser;
let page: Page;
let token: string;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

const tagName = "Early birds";
const subscribed = ["ann@example.com", "bob@example.com", "cy@example.com"];
const unsubscribed = "dee@example.com";
const offerUrl = "https://example.com/spring-offer";
const slow = { timeout: 30_000, interval: 250 };

/** The server under test sends through the sink, and checks for due campaigns every second. */
async function startWithSmtp(smtpUrl: string): Promise<RunningServer> {
  const saved = { SMTP_URL: process.env.SMTP_URL, SCHEDULER_MS: process.env.SCHEDULER_MS };
  // server.ts hands its own environment to the child: these two ride along.
  process.env.SMTP_URL = smtpUrl;
  process.env.SCHEDULER_MS = "1000";
  try {
    return await startServer();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

const to = (message: Captured) => message.to[0] ?? "";
const delivered = (subject: string) => sink.messages.filter((message) => message.headers.get("subject") === subject);
/** Links in a captured message, made relative so they are followed on the server under test. */
const pathOf = (url: string) => new URL(url).pathname;

async function campaignNamed(subject: string): Promise<CampaignDto> {
  const listed = await api<{ campaigns: CampaignDto[] }>(
    server,
    "GET",
    `/api/emailhistory/getall-emailhistory?search=${encodeURIComponent(subject)}`,
    token,
  );
  const found = listed.body.data.campaigns.find((campaign) => campaign.subject === subject);
  if (!found) throw new Error(`no campaign "${subject}"`);
  return found;
}

async function statusOf(email: string): Promise<string | undefined> {
  const listed = await api<{ subscribers: SubscriberDto[] }>(
    server,
    "GET",
    `/api/newsletter/get-all-subscriber?search=${encodeURIComponent(email)}`,
    token,
  );
  return listed.body.data.subscribers.find((subscriber) => subscriber.email === email)?.status;
}

/** Four tagged subscribers through the CSV import; the fourth unsubscribes through a campaign's one-click link. */
async function seedAudience(): Promise<void> {
  const tag = await api<TagDto>(server, "POST", "/api/newsletter-tags/tags", token, {
    name: tagName,
    slug: "early-birds",
    description: "",
  });
  expect(tag.status).toBe(201);
  const form = new FormData();
  form.append("tagIds", tag.body.data._id);
  const csv = ["email", ...subscribed, unsubscribed].join("\n");
  form.append("file", new Blob([csv], { type: "text/csv" }), "early-birds.csv");
  const imported = await fetch(`${server.url}/api/csv/import-csv`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(imported.status).toBe(200);

  const people = await api<{ subscribers: SubscriberDto[] }>(
    server,
    "GET",
    `/api/newsletter/get-all-subscriber?search=${encodeURIComponent(unsubscribed)}`,
    token,
  );
  const dee = people.body.data.subscribers[0];
  if (!dee) throw new Error("dee was not imported");
  const farewell = await api<CampaignDto>(server, "POST", "/api/compose-mail", token, {
    subject: "Setup: farewell",
    preheader: "",
    html: "<p>Bye</p>",
    audience: { type: "subscribers", subscriberIds: [dee._id] },
  });
  await api(server, "POST", "/api/emailhistory/send-mail", token, { mailId: farewell.body.data._id });
  await vi.waitFor(() => expect(delivered("Setup: farewell")).toHaveLength(1), slow);
  const header = delivered("Setup: farewell")[0]?.headers.get("list-unsubscribe") ?? "";
  const link = /<(http[^>]+\/unsubscribe\/[^>]+)>/.exec(header)?.[1] ?? "";
  const oneClick = await fetch(`${server.url}${pathOf(link)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  expect(await statusOf(unsubscribed)).toBe("unsubscribed");
}

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startWithSmtp(sink.url);
  token = await apiSignIn(server, admin.email, admin.password);
  await seedAudience();
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
  await sink?.close();
});

const dialog = (name: string) => page.getByRole("dialog", { name });
const toast = (text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text);
const editor = () => page.getByRole("textbox", { name: "Content" });

/** Subject, a body with the {{email}} merge tag and a link, and the tag as the audience. */
async function compose(subject: string, recipients: number): Promise<void> {
  await page.goto(`${server.url}/admin/compose-mail`);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Preheader").fill("New switches are here");
  await editor().click();
  await page.keyboard.type("Hello ");
  await page.getByRole("button", { name: "Insert {{email}}" }).click();
  await page.keyboard.type(", see the offer: ");
  await page.getByRole("button", { name: "Link", exact: true }).click();
  await dialog("Add link").getByLabel("URL").fill(offerUrl);
  await dialog("Add link").getByRole("button", { name: "Insert" }).click();
  await page.getByLabel("By tags").check();
  await page.getByRole("checkbox", { name: new RegExp(tagName) }).check();
  await expect
    .poll(() => page.getByTestId("recipient-count").innerText(), slow)
    .toBe(`${recipients} recipient(s) will receive this email`);
}

describe("email campaigns", () => {
  it("composes, sends a test, then sends to the 3 subscribed of the tag with unsubscribe headers", async () => {
    const problems = watchConsole(page);
    await compose("Spring launch", 3);
    // The preview is sandboxed and shows what was written.
    const preview = page.getByTitle("Email preview").first();
    expect(await preview.getAttribute("sandbox")).toBe("");
    await expect.poll(async () => (await preview.getAttribute("srcdoc")) ?? "").toContain(offerUrl);

    await page.getByRole("button", { name: "Send test" }).click();
    await dialog("Send a test email").getByLabel("Email address").fill("qa@example.com");
    await dialog("Send a test email").getByRole("button", { name: "Send test" }).click();
    await expect.poll(() => toast("Test email sent to qa@example.com").isVisible(), slow).toBe(true);
    await expect.poll(() => delivered("[Test] Spring launch").map(to), slow).toEqual(["qa@example.com"]);
    // Saving the draft put it in the address, so a reload goes on with it.
    await expect.poll(() => new URL(page.url()).searchParams.get("id")).toMatch(/^[0-9a-f-]{36}$/);

    await page.getByRole("button", { name: "Send now" }).click();
    const confirm = dialog("Send this email now?");
    expect(await confirm.innerText()).toContain("“Spring launch” will be sent to 3 recipient(s)");
    await confirm.getByRole("button", { name: "Send now" }).click();
    await page.waitForURL(/\/admin\/newsletters\/history\/email\/[0-9a-f-]{36}$/);
    // The report refreshes itself while sending.
    await expect.poll(() => page.getByTestId("campaign-status").innerText(), slow).toBe("Sent");

    const messages = delivered("Spring launch");
    expect(messages.map(to).sort()).toEqual(subscribed);
    for (const message of messages) {
      expect(message.headers.get("list-unsubscribe")).toMatch(/^<http:\/\/[^>]+\/unsubscribe\/[^>]+>, <mailto:[^>]+>$/);
      expect(message.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(decodedBody(message.raw)).toContain(`Hello ${to(message)}`);
    }
    expect(delivered("Spring launch").some((message) => to(message) === unsubscribed)).toBe(false);
    expect(await page.getByTestId("count-sent").innerText()).toMatch(/3\s+100% of recipients/);
    expect(problems).toEqual([]);
  });

  it("records an open, a click and an unsubscribe from a delivered message, and the funnel shows them", async () => {
    const campaign = await campaignNamed("Spring launch");
    const bob = decodedBody(delivered("Spring launch").find((message) => to(message) === "bob@example.com")?.raw ?? "");
    const pixel = /http:\/\/[^"\s]+(\/t\/o\/[\w.-]+\.gif)/.exec(bob)?.[1] ?? "";
    const click = /http:\/\/[^"\s]+(\/t\/c\/[\w.-]+)/.exec(bob)?.[1] ?? "";
    const opened = await fetch(`${server.url}${pixel}`, { headers: { "user-agent": "Mozilla/5.0 (X11) Thunderbird" } });
    expect(opened.headers.get("content-type")).toBe("image/gif");
    const clicked = await fetch(`${server.url}${click}`, { redirect: "manual" });
    expect(clicked.status).toBe(302);
    expect(clicked.headers.get("location")).toBe(offerUrl);

    // Ann follows the unsubscribe link of her copy, in the browser.
    const ann = delivered("Spring launch").find((message) => to(message) === "ann@example.com");
    const link = /<(http[^>]+\/unsubscribe\/[^>]+)>/.exec(ann?.headers.get("list-unsubscribe") ?? "")?.[1] ?? "";
    await page.goto(`${server.url}${pathOf(link)}`);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(/unsubscribed/i);
    expect(await statusOf("ann@example.com")).toBe("unsubscribed");

    // The report: counts with their rates, and Ann marked in the recipients.
    await page.goto(`${server.url}/admin/newsletters/history/email/${campaign._id}`);
    await expect
      .poll(() => page.getByTestId("count-opened").innerText(), slow)
      .toMatch(/^Opened\s+1\s+33.3% of delivered/i);
    expect(await page.getByTestId("count-clicked").innerText()).toMatch(/1\s+33.3% of delivered/);
    expect(await page.getByTestId("count-unsubscribed").innerText()).toMatch(/1\s+33.3% of delivered/);
    const annRow = page.getByRole("row").filter({ hasText: "ann@example.com" });
    // The recipients table and the timeline load on their own; wait for them rather than read once.
    await expect.poll(() => annRow.getByText("Unsubscribed").isVisible(), slow).toBe(true);
    await expect
      .poll(() => page.getByTestId("campaign-logs").innerText(), slow)
      .toMatch(/Created[\s\S]*Started sending[\s\S]*Finished/);

    // The funnel for this campaign, chosen with the Campaign picker.
    await page.goto(`${server.url}/admin/newsletters/stats`);
    await page.getByRole("button", { name: "Choose campaign" }).click();
    const picker = dialog("Select Campaign for Funnel Analysis");
    await picker.getByPlaceholder("Search campaigns...").fill("spring");
    await picker.getByRole("button", { name: "Choose Spring launch" }).click();
    await expect.poll(() => page.getByTestId("funnel-scope").innerText()).toBe("Showing: Spring launch");
    await expect.poll(() => page.getByTestId("funnel-unsubscribed").innerText(), slow).toMatch(/^Unsubscribes\s+1/i);
    const funnel = await api<FunnelDto>(
      server,
      "GET",
      `/api/emailhistory/stats/funnel?campaignId=${campaign._id}`,
      token,
    );
    expect(funnel.body.data).toMatchObject({ recipients: 3, delivered: 3, opened: 1, clicked: 1, unsubscribed: 1 });
    expect(await page.getByTestId("funnel-opened").innerText()).toMatch(/Opened\s+1/);
    expect(await page.getByTestId("funnel-clicked").innerText()).toMatch(/Clicked\s+1/);
    expect(await page.getByTestId("top-links").innerText()).toContain(offerUrl);
  });

  it("schedules a campaign a few seconds ahead and it sends on time", async () => {
    // Ann has unsubscribed since: the tag now reaches 2.
    await compose("Scheduled hello", 2);
    await page.getByRole("button", { name: "Schedule" }).click();
    const schedule = dialog("Schedule email");
    const due = new Date(Date.now() + 5_000);
    const pad = (value: number) => String(value).padStart(2, "0");
    const local = `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}T${pad(due.getHours())}:${pad(due.getMinutes())}:${pad(due.getSeconds())}`;
    await schedule.getByLabel("Send at").fill(local);
    await schedule.getByRole("button", { name: "Schedule" }).click();
    await expect.poll(() => toast("Email scheduled for").first().isVisible(), slow).toBe(true);
    expect((await campaignNamed("Scheduled hello")).status).toBe("scheduled");

    await expect
      .poll(() => delivered("Scheduled hello").map(to).sort(), slow)
      .toEqual(["bob@example.com", "cy@example.com"]);
    await expect.poll(async () => (await campaignNamed("Scheduled hello")).status, slow).toBe("sent");
    const sentAt = new Date((await campaignNamed("Scheduled hello")).startedAt ?? "").getTime();
    expect(sentAt).toBeGreaterThanOrEqual(due.getTime() - 1_000);
    expect(sentAt).toBeLessThan(due.getTime() + 10_000);
  });
});
