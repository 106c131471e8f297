import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { emailLinkSecret } from "../src/app.ts";
import { createCampaignSender, defaultSenderOptions } from "../src/jobs/campaign-sender.ts";
import { signLink } from "../src/lib/signed-links.ts";
import { queryRows } from "../src/lib/sql.ts";
import { recordDeliveryEvents } from "../src/modules/newsletter/delivery-events.ts";
import { isSuppressed } from "../src/modules/newsletter/suppressions.ts";
import { call, createTestApp, signIn, testConfig } from "./harness.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const sink = await startSmtpSink({
  reject: (to) => (to.startsWith("refused") ? { code: 550, message: "5.1.1 No such user" } : undefined),
});
afterAll(() => sink.close());
const config = { SMTP_URL: sink.url, PUBLIC_URL: "http://shop.test" };
const { app } = await createTestApp({ config });
const admin = await signIn(app);
const linkSecret = emailLinkSecret(testConfig(config));
const sender = createCampaignSender(
  app.db,
  app.mailer,
  { secret: linkSecret, publicUrl: "http://shop.test" },
  { ...defaultSenderOptions, idleMs: 10 },
);

let ipCounter = 0;
async function signUp(email: string): Promise<void> {
  ipCounter += 1;
  const response = await call(app, {
    method: "POST",
    url: "/api/newsletter/subscriber",
    body: { email },
    ip: `10.9.${ipCounter}.1`,
  });
  expect(response.status).toBeLessThan(300);
}
async function find(email: string): Promise<SubscriberDto | undefined> {
  const found = await call<{ subscribers: SubscriberDto[] }>(app, {
    url: `/api/newsletter/get-all-subscriber?search=${encodeURIComponent(email)}`,
    token: admin,
  });
  return found.body.data.subscribers[0];
}

/** Sends a campaign to everyone subscribed and answers who received it. */
async function campaignTo(): Promise<{ id: string; to: string[] }> {
  const created = await call<CampaignDto>(app, {
    method: "POST",
    url: "/api/compose-mail",
    token: admin,
    body: { subject: "News", preheader: "", html: "<p>Hello</p>", audience: { type: "all" } },
  });
  const before = sink.messages.length;
  const started = await call(app, {
    method: "POST",
    url: "/api/emailhistory/send-mail",
    token: admin,
    body: { mailId: created.body.data._id },
  });
  expect(started.status).toBe(202);
  for (let round = 0; round < 50 && (await sender.runOnce()) > 0; round += 1);
  return { id: created.body.data._id, to: sink.messages.slice(before).flatMap((m) => m.to) };
}

for (const email of ["ann@example.com", "bob@example.com", "cy@example.com", "dee@example.com"]) await signUp(email);

describe("the envelope sender", () => {
  it("is each recipient's own signed bounce address on the sender's domain, and List-Unsubscribe's mailto one the listener takes", async () => {
    const before = sink.messages.length;
    const { to } = await campaignTo();
    expect(to.sort()).toEqual(["ann@example.com", "bob@example.com", "cy@example.com", "dee@example.com"]);
    const sent = sink.messages.slice(before);
    const senders = sent.map((m) => m.from);
    for (const from of senders) {
      expect(from).toMatch(/^bounces\+[a-z2-7]{42}@smarthomeshop\.example$/);
      expect(from.split("@")[0]?.length).toBeLessThanOrEqual(64);
    }
    expect(new Set(senders).size).toBe(4);
    for (const message of sent) {
      expect(message.headers.get("list-unsubscribe")).toMatch(
        /<mailto:unsubscribe\+[a-z2-7]{42}@smarthomeshop\.example\?subject=unsubscribe>/,
      );
    }
  });
});

describe("the suppression list", () => {
  it("a campaign never mails a suppressed address, even when it is added again", async () => {
    await recordDeliveryEvents(app.db, [
      { email: "ann@example.com", kind: "hard", reason: "5.1.1", source: "dsn" },
      { email: "bob@example.com", kind: "complaint", reason: "abuse", source: "arf" },
    ]);
    // Ann is deleted and signs up again; Bob signs up again after complaining: both are subscribed…
    const ann = await find("ann@example.com");
    await call(app, { method: "DELETE", url: `/api/newsletter/delete-subscriber/${ann?._id}`, token: admin });
    await signUp("ann@example.com");
    await signUp("bob@example.com");
    expect((await find("ann@example.com"))?.status).toBe("subscribed");
    expect((await find("bob@example.com"))?.status).toBe("subscribed");
    // …and still never mailed.
    const { to } = await campaignTo();
    expect(to.sort()).toEqual(["cy@example.com", "dee@example.com"]);
  });

  it("unsubscribing and erasing add to the list; an erased address is kept only as a hash", async () => {
    const cy = await find("cy@example.com");
    const left = await app.inject({
      method: "POST",
      url: `/unsubscribe/${signLink(linkSecret, "unsubscribe", { subscriberId: cy?._id ?? "", campaignId: null })}`,
    });
    expect(left.statusCode).toBe(200);
    expect(await isSuppressed(app.db, "cy@example.com")).toBe(true);

    const dee = await find("dee@example.com");
    const erased = await call(app, {
      method: "DELETE",
      url: `/api/newsletter/subscribers/${dee?._id}/erase`,
      token: admin,
    });
    expect(erased.status).toBe(200);
    expect(await isSuppressed(app.db, "Dee@example.com")).toBe(true);
    const clear = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from suppressions where email like '%dee%'`,
    );
    expect(clear[0]?.n).toBe(0);
  });

  it("a person's own new sign-up lifts their unsubscribe, not a bounce or a complaint", async () => {
    await signUp("cy@example.com");
    expect(await isSuppressed(app.db, "cy@example.com")).toBe(false);
    await signUp("dee@example.com");
    expect(await isSuppressed(app.db, "dee@example.com")).toBe(true);
    const { to } = await campaignTo();
    expect(to).toEqual(["cy@example.com"]);
  });
});

describe("a refusal during the SMTP conversation", () => {
  it("is a hard bounce like any other: bounced at once, suppressed and recorded", async () => {
    await signUp("refused@example.com");
    const { id, to } = await campaignTo();
    expect(to).toEqual(["cy@example.com"]);
    expect((await find("refused@example.com"))?.status).toBe("bounced");
    expect(await isSuppressed(app.db, "refused@example.com")).toBe(true);
    const events = await queryRows<{ kind: string; source: string; campaign_id: string }>(
      app.db,
      sql`select kind, source, campaign_id from delivery_events where email = 'refused@example.com'`,
    );
    expect(events).toEqual([{ kind: "hard", source: "smtp", campaign_id: id }]);
  });
});
