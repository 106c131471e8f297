import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { afterAll, expect } from "vitest";
import { emailLinkSecret } from "../src/app.ts";
import { createCampaignSender, senderOptionsFor } from "../src/jobs/campaign-sender.ts";
import { call, createTestApp, signIn, testConfig } from "./harness.ts";
import { type Captured, startSmtpSink } from "./smtp-sink.ts";

/**
 * The app with a real campaign sender in front of the SMTP test peer, for tests of what happens to
 * mail after it is sent: people sign up through the footer, campaigns go to everyone subscribed.
 */
export async function startCampaignRig(options: {
  reject?: (to: string) => { code: number; message: string } | undefined;
  bounceDomain?: string;
}) {
  const sink = await startSmtpSink(options.reject ? { reject: options.reject } : {});
  afterAll(() => sink.close());
  const config = { SMTP_URL: sink.url, PUBLIC_URL: "http://shop.test" };
  const { app, database } = await createTestApp({ config });
  const admin = await signIn(app);
  const linkSecret = emailLinkSecret(testConfig(config));
  const sender = createCampaignSender(
    app.db,
    app.mailer,
    { secret: linkSecret, publicUrl: "http://shop.test", bounceDomain: options.bounceDomain },
    // What production runs on this database (deeper hand-off and claims on PGlite).
    { ...senderOptionsFor(database.kind), idleMs: 10 },
  );

  let ip = 0;
  async function signUp(email: string): Promise<void> {
    ip += 1;
    const response = await call(app, {
      method: "POST",
      url: "/api/newsletter/subscriber",
      body: { email },
      ip: `10.9.${Math.floor(ip / 250)}.${ip % 250}`,
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

  /** Sends a campaign to everyone subscribed; answers its id and the messages the peer received. */
  async function sendCampaign(): Promise<{ id: string; messages: Captured[] }> {
    const created = await call<CampaignDto>(app, {
      method: "POST",
      url: "/api/compose-mail",
      token: admin,
      body: { subject: "Autumn deals", preheader: "", html: "<p>Hello {{email}}</p>", audience: { type: "all" } },
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
    return { id: created.body.data._id, messages: sink.messages.slice(before) };
  }

  return { app, database, admin, linkSecret, sink, signUp, find, sendCampaign };
}
