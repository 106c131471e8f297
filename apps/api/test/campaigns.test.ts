import type { CampaignDto, FunnelDto } from "@shop/shared/schemas/campaigns";
import type { SubscriberDto, TagDto } from "@shop/shared/schemas/newsletter";
import { afterAll, describe, expect, it } from "vitest";
import { emailLinkSecret } from "../src/app.ts";
import { createCampaignSender, defaultSenderOptions } from "../src/jobs/campaign-sender.ts";
import { call, createTestApp, signIn, testConfig } from "./harness.ts";
import { decodedBody, startSmtpSink } from "./smtp-sink.ts";

const sink = await startSmtpSink({
  reject: (to) => (to.startsWith("bounce") ? { code: 550, message: "No such user" } : undefined),
});
afterAll(() => sink.close());
const config = { SMTP_URL: sink.url, PUBLIC_URL: "http://shop.test" };
const { app } = await createTestApp({ config });
const admin = await signIn(app);
const sender = createCampaignSender(
  app.db,
  app.mailer,
  { secret: emailLinkSecret(testConfig(config)), publicUrl: "http://shop.test" },
  { ...defaultSenderOptions, idleMs: 10 },
);

async function sendAll(): Promise<void> {
  for (let round = 0; round < 50 && (await sender.runOnce()) > 0; round += 1);
}

async function subscriber(email: string, tagIds: string[]): Promise<SubscriberDto> {
  await call(app, {
    method: "POST",
    url: "/api/newsletter/subscriber",
    body: { email },
    ip: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const found = await call<{ subscribers: SubscriberDto[] }>(app, {
    url: `/api/newsletter/get-all-subscriber?search=${encodeURIComponent(email)}`,
    token: admin,
  });
  const person = found.body.data.subscribers[0];
  if (!person) throw new Error(`no subscriber ${email}`);
  if (tagIds.length > 0) {
    await call(app, {
      method: "PUT",
      url: `/api/newsletter/update-subscriber/${person._id}`,
      token: admin,
      body: { email, tags: tagIds },
    });
  }
  return person;
}

const tag = (
  await call<TagDto>(app, { method: "POST", url: "/api/newsletter-tags/tags", token: admin, body: { name: "Launch" } })
).body.data;
const people = await Promise.all(
  ["ann@example.com", "bob@example.com", "cy@example.com", "gone@example.com"].map((e) => subscriber(e, [tag._id])),
);
// One of the four has unsubscribed: only the three subscribed ever receive a campaign.
const goneUnsub = await app.inject({
  method: "POST",
  url: `/unsubscribe/${(await import("../src/lib/signed-links.ts")).signLink(emailLinkSecret(testConfig(config)), "unsubscribe", { subscriberId: people[3]?._id ?? "", campaignId: null })}`,
});
expect(goneUnsub.statusCode).toBe(200);

const draft = (body: Record<string, unknown> = {}) =>
  call<CampaignDto>(app, {
    method: "POST",
    url: "/api/compose-mail",
    token: admin,
    body: {
      subject: "Meet the Fortress lock",
      preheader: "Unlock with a touch",
      html: '<h1>Hello {{email}}</h1><p>Read <a href="https://shop.test/smart-locks">about locks</a>. Keep {{first_name}}.</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
      audience: { type: "tags", tagIds: [tag._id] },
      ...body,
    },
  });

describe("composing", () => {
  it("saves a sanitised draft, counts only subscribed people, and sends a test", async () => {
    const created = await draft();
    expect(created.status).toBe(201);
    expect(created.body.data.status).toBe("draft");
    expect(created.body.data.html).not.toMatch(/<script|onerror/);
    const count = await call<{ count: number }>(app, {
      method: "POST",
      url: "/api/compose-mail/audience-count",
      token: admin,
      body: { audience: { type: "tags", tagIds: [tag._id] } },
    });
    expect(count.body.data.count).toBe(3);
    const before = sink.messages.length;
    const test = await call(app, {
      method: "POST",
      url: `/api/compose-mail/${created.body.data._id}/test`,
      token: admin,
      body: { email: "qa@example.com" },
    });
    expect(test.status).toBe(200);
    expect(sink.messages.length).toBe(before + 1);
    expect(sink.messages.at(-1)?.headers.get("subject")).toBe("[Test] Meet the Fortress lock");
  });

  it("a test send's links all work, and count nothing: no open, no click, nobody unsubscribed", async () => {
    const created = await draft();
    const campaignId = created.body.data._id;
    const before = sink.messages.length;
    // Sent to someone who is also a subscriber: the test's unsubscribe link must not reach her.
    const test = await call(app, {
      method: "POST",
      url: `/api/compose-mail/${campaignId}/test`,
      token: admin,
      body: { email: "bob@example.com" },
    });
    expect(test.status).toBe(200);
    const message = sink.messages.at(-1);
    expect(sink.messages.length).toBe(before + 1);
    const body = decodedBody(message?.raw ?? "");

    const pixel = /http:\/\/shop\.test(\/t\/o\/[\w.-]+\.gif)/.exec(body)?.[1] ?? "";
    const opened = await app.inject({ url: pixel });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toBe("image/gif");
    const click = /http:\/\/shop\.test(\/t\/c\/[\w.-]+)/.exec(body)?.[1] ?? "";
    const redirect = await app.inject({ url: click });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("https://shop.test/smart-locks");
    const unsubscribeUrl =
      /<http:\/\/shop\.test(\/unsubscribe\/[^<>]+)>/.exec(message?.headers.get("list-unsubscribe") ?? "")?.[1] ?? "";
    expect((await app.inject({ url: unsubscribeUrl })).statusCode).toBe(200);
    const oneClick = await app.inject({
      method: "POST",
      url: unsubscribeUrl,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);

    await app.events.flush();
    const funnel = await call<FunnelDto>(app, {
      url: `/api/emailhistory/stats/funnel?campaignId=${campaignId}`,
      token: admin,
    });
    expect(funnel.body.data).toMatchObject({ opened: 0, clicked: 0, unsubscribed: 0 });
    expect(funnel.body.data.topLinks).toEqual([]);
    const bob = await call<{ subscribers: SubscriberDto[] }>(app, {
      url: "/api/newsletter/get-all-subscriber?search=bob@",
      token: admin,
    });
    expect(bob.body.data.subscribers[0]?.status).toBe("subscribed");
  });

  it("refuses a line break in the subject (no header injection)", async () => {
    const response = await draft({ subject: "Hi\r\nBcc: everyone@example.com" });
    expect(response.status).toBe(400);
    expect(response.body.errors?.subject).toBe("Subject cannot contain line breaks");
  });

  it("refuses to schedule in the past", async () => {
    const created = await draft();
    const past = await call(app, {
      method: "POST",
      url: `/api/compose-mail/${created.body.data._id}/schedule`,
      token: admin,
      body: { scheduledAt: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("Choose a time in the future");
  });
});

describe("sending", () => {
  it("delivers to exactly the 3 subscribed, with unsubscribe headers, merge tags and no script", async () => {
    const created = await draft();
    const before = sink.messages.length;
    const started = await call<CampaignDto>(app, {
      method: "POST",
      url: "/api/emailhistory/send-mail",
      token: admin,
      body: { mailId: created.body.data._id },
    });
    expect(started.status).toBe(202);
    expect(started.body.data.recipientCount).toBe(3);
    await sendAll();
    const delivered = sink.messages.slice(before);
    expect(delivered.map((m) => m.to[0]).sort()).toEqual(["ann@example.com", "bob@example.com", "cy@example.com"]);
    const ann = delivered.find((m) => m.to[0] === "ann@example.com");
    expect(ann?.headers.get("list-unsubscribe")).toMatch(/<http:\/\/shop\.test\/unsubscribe\/[^<>]+>/);
    expect(ann?.headers.get("list-unsubscribe")).toMatch(/<mailto:[^<>]+>/);
    expect(ann?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(ann?.headers.get("message-id")).toMatch(/^<[0-9a-f-]+@/);
    const body = decodedBody(ann?.raw ?? "");
    expect(body).toContain("Hello ann@example.com");
    expect(body).toContain("{{first_name}}");
    expect(body).not.toMatch(/<script|onerror/);
    expect(body).toMatch(/http:\/\/shop\.test\/t\/c\/[\w.-]+/);
    expect(body).not.toContain('href="https://shop.test/smart-locks"');
    const history = await call<CampaignDto & { counts: Record<string, number> }>(app, {
      url: `/api/emailhistory/${created.body.data._id}`,
      token: admin,
    });
    expect(history.body.data.status).toBe("sent");
    expect(history.body.data.counts).toMatchObject({ sent: 3, queued: 0, sending: 0 });
    const logs = await call<{ event: string }[]>(app, {
      url: `/api/emailhistory/${created.body.data._id}/logs`,
      token: admin,
    });
    expect(logs.body.data.map((l) => l.event)).toEqual(["created", "started", "finished"]);

    // Opens, clicks and an unsubscribe through the links in the delivered message.
    const pixel = /http:\/\/shop\.test(\/t\/o\/[\w.-]+\.gif)/.exec(body)?.[1] ?? "";
    expect(
      (await app.inject({ url: pixel, headers: { "user-agent": "Mozilla/5.0 (Macintosh) Thunderbird" } })).headers[
        "content-type"
      ],
    ).toBe("image/gif");
    const click = /http:\/\/shop\.test(\/t\/c\/[\w.-]+)/.exec(body)?.[1] ?? "";
    const redirect = await app.inject({ url: click });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("https://shop.test/smart-locks");
    const unsubscribeUrl =
      /<http:\/\/shop\.test(\/unsubscribe\/[^<>]+)>/.exec(ann?.headers.get("list-unsubscribe") ?? "")?.[1] ?? "";
    const oneClick = await app.inject({
      method: "POST",
      url: unsubscribeUrl,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    await app.events.flush();
    const funnel = await call<FunnelDto>(app, {
      url: `/api/emailhistory/stats/funnel?campaignId=${created.body.data._id}`,
      token: admin,
    });
    expect(funnel.body.data).toMatchObject({
      recipients: 3,
      sent: 3,
      delivered: 3,
      opened: 1,
      clicked: 1,
      unsubscribed: 1,
    });
    expect(funnel.body.data.rates).toMatchObject({ delivery: 100, open: 33.3, click: 33.3, clickToOpen: 100 });
    expect(funnel.body.data.topLinks).toEqual([{ url: "https://shop.test/smart-locks", clicks: 1 }]);
    const annNow = await call<{ subscribers: SubscriberDto[] }>(app, {
      url: "/api/newsletter/get-all-subscriber?search=ann@",
      token: admin,
    });
    expect(annNow.body.data.subscribers[0]?.status).toBe("unsubscribed");
  });

  it("never follows a forged click link (no open redirect)", async () => {
    expect((await app.inject({ url: "/t/c/abc.def.ghi" })).statusCode).toBe(404);
  });

  it("marks a hard bounce, records the error and finishes", async () => {
    await subscriber("bounce@example.com", []);
    const created = await draft({ audience: { type: "all" } });
    await call(app, {
      method: "POST",
      url: "/api/emailhistory/send-mail",
      token: admin,
      body: { mailId: created.body.data._id },
    });
    await sendAll();
    const bounced = await call<{ recipients: { email: string; status: string; lastError: string }[] }>(app, {
      url: `/api/emailhistory/${created.body.data._id}/recipients?status=bounced`,
      token: admin,
    });
    expect(bounced.body.data.recipients).toHaveLength(1);
    expect(bounced.body.data.recipients[0]).toMatchObject({ email: "bounce@example.com", status: "bounced" });
    expect(bounced.body.data.recipients[0]?.lastError).toMatch(/550/);
    const none = await call<{ recipients: unknown[] }>(app, {
      url: `/api/emailhistory/${created.body.data._id}/recipients?search=nobody`,
      token: admin,
    });
    expect(none.body.data.recipients).toEqual([]);
  });

  it("starts a scheduled campaign once it is due, once", async () => {
    const created = await draft();
    const scheduled = await call<CampaignDto>(app, {
      method: "POST",
      url: `/api/compose-mail/${created.body.data._id}/schedule`,
      token: admin,
      body: { scheduledAt: new Date(Date.now() + 1500).toISOString() },
    });
    expect(scheduled.body.data.status).toBe("scheduled");
    const { startDueCampaigns } = await import("../src/modules/campaigns/lifecycle.ts");
    expect(await startDueCampaigns(app.db)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const [first, second] = await Promise.all([startDueCampaigns(app.db), startDueCampaigns(app.db)]);
    expect([...(first ?? []), ...(second ?? [])]).toEqual([created.body.data._id]);
    await sendAll();
    expect(
      (await call<CampaignDto>(app, { url: `/api/compose-mail/${created.body.data._id}`, token: admin })).body.data
        .status,
    ).toBe("sent");
  });

  it("pauses, resumes and cancels, and never edits or deletes what has been sent", async () => {
    const created = await draft();
    const id = created.body.data._id;
    await call(app, { method: "POST", url: "/api/emailhistory/send-mail", token: admin, body: { mailId: id } });
    expect(
      (await call<CampaignDto>(app, { method: "POST", url: `/api/emailhistory/${id}/pause`, token: admin })).body.data
        .status,
    ).toBe("paused");
    expect(await sender.runOnce()).toBe(0);
    expect(
      (await call<CampaignDto>(app, { method: "POST", url: `/api/emailhistory/${id}/resume`, token: admin })).body.data
        .status,
    ).toBe("sending");
    expect(
      (await call<CampaignDto>(app, { method: "POST", url: `/api/emailhistory/${id}/cancel`, token: admin })).body.data
        .status,
    ).toBe("cancelled");
    expect(
      (await call(app, { method: "PUT", url: `/api/compose-mail/${id}`, token: admin, body: { subject: "Changed" } }))
        .status,
    ).toBe(409);
    expect((await call(app, { method: "DELETE", url: `/api/compose-mail/${id}`, token: admin })).status).toBe(409);
    expect((await call(app, { method: "DELETE", url: `/api/emailhistory/${id}`, token: admin })).status).toBe(200);
  });

  it("lists history with search and status", async () => {
    const list = await call<{ campaigns: CampaignDto[]; pagination: { totalCampaigns: number } }>(app, {
      url: "/api/emailhistory/getall-emailhistory?status=sent&search=fortress",
      token: admin,
    });
    expect(list.body.data.campaigns.length).toBeGreaterThanOrEqual(2);
    expect(list.body.data.campaigns.every((c) => c.status === "sent")).toBe(true);
  });

  it("puts campaigns sent and the average open rate on the dashboard", async () => {
    const dashboard = await call<{ campaigns?: { sent: number; averageOpenRate: number } }>(app, {
      url: "/api/dashboard",
      token: admin,
    });
    expect(dashboard.body.data.campaigns?.sent).toBeGreaterThanOrEqual(2);
    expect(dashboard.body.data.campaigns?.averageOpenRate).toBeGreaterThan(0);
    expect(dashboard.body.data.campaigns?.averageOpenRate).toBeLessThanOrEqual(1);
  });
});
