import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { afterAll, expect } from "vitest";
import { emailLinkSecret } from "../src/app.ts";
import { createCampaignSender, type SenderOptions, senderOptionsFor } from "../src/jobs/campaign-sender.ts";
import { queryRows } from "../src/lib/sql.ts";
import { call, createTestApp, signIn, testConfig } from "./harness.ts";
import { type Captured, startSmtpSink } from "./smtp-sink.ts";

/**
 * The app with a real campaign sender in front of the SMTP test peer, for tests of what happens to
 * mail after it is sent: people sign up through the footer, campaigns go to everyone subscribed.
 */
export async function startCampaignRig(options: {
  reject?: (to: string) => { code: number; message: string } | undefined;
  refuseSender?: (from: string) => { code: number; message: string } | undefined;
  bounceDomain?: string;
  /** How long the peer takes to answer each message. */
  delayMs?: number;
}) {
  const sink = await startSmtpSink({
    ...(options.reject && { reject: options.reject }),
    ...(options.refuseSender && { refuseSender: options.refuseSender }),
    ...(options.delayMs && { delayMs: options.delayMs }),
  });
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

  /** Another sender on the same database and relay, e.g. with a rate limit or a short lease. */
  function makeSender(overrides: Partial<SenderOptions> = {}) {
    const made = createCampaignSender(
      app.db,
      app.mailer,
      { secret: linkSecret, publicUrl: "http://shop.test", bounceDomain: options.bounceDomain },
      { ...senderOptionsFor(database.kind), idleMs: 10, ...overrides },
    );
    afterAll(() => made.stop());
    return made;
  }

  /**
   * Starts a campaign to `count` new people named `<prefix><n>@example.com`, nobody else subscribed;
   * answers its id. Nothing sends it until a sender runs.
   */
  async function startCampaignTo(prefix: string, count: number): Promise<string> {
    await app.db.execute(
      sql`update subscribers set status = 'unsubscribed', unsubscribed_at = now() where status = 'subscribed'`,
    );
    await app.db.execute(sql`insert into subscribers (id, email, status, source, subscribed_at)
      select uuid_v7(), ${prefix} || n || '@example.com', 'subscribed', 'admin', now() from generate_series(1, ${count}) n`);
    const created = await call<CampaignDto>(app, {
      method: "POST",
      url: "/api/compose-mail",
      token: admin,
      body: { subject: "Winter range", preheader: "", html: "<p>Hello {{email}}</p>", audience: { type: "all" } },
    });
    const started = await call(app, {
      method: "POST",
      url: "/api/emailhistory/send-mail",
      token: admin,
      body: { mailId: created.body.data._id },
    });
    expect(started.status).toBe(202);
    return created.body.data._id;
  }

  /** How many messages the peer received for each address starting with `prefix`. */
  function receivedBy(prefix: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const message of sink.messages)
      for (const to of message.to) if (to.startsWith(prefix)) counts.set(to, (counts.get(to) ?? 0) + 1);
    return counts;
  }

  /** The campaign's recipient rows counted by status. */
  async function statuses(campaignId: string): Promise<Record<string, number>> {
    const rows = await queryRows<{ status: string; n: number }>(
      app.db,
      sql`select status, count(*)::int as n from campaign_recipients where campaign_id = ${campaignId} group by status`,
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  }

  async function campaignStatus(campaignId: string): Promise<string> {
    const [row] = await queryRows<{ status: string }>(
      app.db,
      sql`select status from campaigns where id = ${campaignId}`,
    );
    return row?.status ?? "";
  }

  return {
    app,
    database,
    admin,
    linkSecret,
    sink,
    signUp,
    find,
    sendCampaign,
    makeSender,
    startCampaignTo,
    receivedBy,
    statuses,
    campaignStatus,
  };
}
