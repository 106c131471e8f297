import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createCampaignSender, senderOptionsFor } from "../src/jobs/campaign-sender.ts";
import { queryRows } from "../src/lib/sql.ts";
import { finishDone, queuePendingAudiences } from "../src/modules/campaigns/lifecycle.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";

/**
 * "Send now" answers once the first part of a large audience is queued; the sender queues the rest
 * while it sends (decision 004). What must still hold: each person is mailed once, the campaign is
 * not called sent while people are still to be queued, a sender that starts afresh (another process,
 * or this one after a crash) carries the queueing on, and a cancelled campaign queues nobody more.
 */

/** Comfortably more than the part queued before "Send now" answers (1,000). */
const audience = 2_500;

const rig = await startCampaignRig({});
const { app, admin } = rig;
const db = app.db;

async function everyoneSubscribed(prefix: string): Promise<void> {
  await db.execute(
    sql`update subscribers set status = 'unsubscribed', unsubscribed_at = now() where status = 'subscribed'`,
  );
  await db.execute(sql`insert into subscribers (id, email, status, source, subscribed_at)
    select uuid_v7(), ${prefix} || n || '@example.com', 'subscribed', 'admin', now() from generate_series(1, ${audience}) n`);
}

async function compose(): Promise<string> {
  const created = await call<CampaignDto>(app, {
    method: "POST",
    url: "/api/compose-mail",
    token: admin,
    body: { subject: "Winter range", preheader: "", html: "<p>Hello {{email}}</p>", audience: { type: "all" } },
  });
  expect(created.status).toBe(201);
  return created.body.data._id;
}

async function sendNow(id: string): Promise<CampaignDto> {
  const started = await call<CampaignDto>(app, {
    method: "POST",
    url: "/api/emailhistory/send-mail",
    token: admin,
    body: { mailId: id },
  });
  expect(started.status).toBe(202);
  return started.body.data;
}

async function queued(id: string): Promise<{ rows: number; distinct: number }> {
  const [row] = await queryRows<{ rows: number; distinct: number }>(
    db,
    sql`select count(*)::int as rows, count(distinct subscriber_id)::int as distinct
      from campaign_recipients where campaign_id = ${id}`,
  );
  return row ?? { rows: 0, distinct: 0 };
}

async function status(id: string): Promise<string> {
  const [row] = await queryRows<{ status: string }>(db, sql`select status from campaigns where id = ${id}`);
  return row?.status ?? "";
}

const sink = { before: 0 };
const sender = createCampaignSender(
  db,
  app.mailer,
  { secret: rig.linkSecret, publicUrl: "http://shop.test" },
  { ...senderOptionsFor(rig.database.kind), idleMs: 10 },
);
afterAll(() => sender.stop());

describe("a campaign to a large audience", () => {
  let prefix = 0;
  beforeEach(async () => {
    prefix += 1;
    await everyoneSubscribed(`queueing${prefix}-`);
    sink.before = rig.sink.messages.length;
  });

  it("answers Send now before everyone is queued, counts them all, and mails each person once", async () => {
    const id = await compose();
    const started = await sendNow(id);
    expect(started.recipientCount).toBe(audience);
    const early = await queued(id);
    expect(early.rows).toBeGreaterThan(0);
    expect(early.rows).toBeLessThan(audience);

    for (let round = 0; round < 200 && (await sender.runOnce()) > 0; round += 1);
    const received = rig.sink.messages.slice(sink.before).flatMap((m) => m.to);
    expect(received.length).toBe(audience);
    expect(new Set(received).size).toBe(audience);
    expect(received.every((to) => to.startsWith(`queueing${prefix}-`))).toBe(true);
    expect(await queued(id)).toEqual({ rows: audience, distinct: audience });
    expect(await status(id)).toBe("sent");
  });

  it("is not called sent while people are still to be queued", async () => {
    const id = await compose();
    await sendNow(id);
    // Everyone queued so far is done with; the rest of the audience is not queued yet.
    await db.execute(sql`update campaign_recipients set status = 'sent', sent_at = now() where campaign_id = ${id}`);
    expect(await finishDone(db)).not.toContain(id);
    expect(await status(id)).toBe("sending");

    for (let round = 0; round < 200 && (await sender.runOnce()) > 0; round += 1);
    expect(await queued(id)).toEqual({ rows: audience, distinct: audience });
    expect(await status(id)).toBe("sent");
  });

  it("is queued to the end by a sender that starts afresh, as after a crash", async () => {
    const id = await compose();
    await sendNow(id);
    expect((await queued(id)).rows).toBeLessThan(audience);
    // Nothing in this process knows the campaign is still being queued: only the database does.
    const fresh = createCampaignSender(
      db,
      app.mailer,
      { secret: rig.linkSecret, publicUrl: "http://shop.test" },
      { ...senderOptionsFor(rig.database.kind), idleMs: 10 },
    );
    fresh.start();
    try {
      const deadline = Date.now() + 25_000;
      while ((await status(id)) === "sending" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await fresh.stop();
    }
    expect(await status(id)).toBe("sent");
    const received = rig.sink.messages.slice(sink.before).flatMap((m) => m.to);
    expect(new Set(received).size).toBe(audience);
    expect(received.length).toBe(audience);
  });

  it("queues nobody more once cancelled", async () => {
    const id = await compose();
    await sendNow(id);
    const before = await queued(id);
    const cancelled = await call(app, { method: "POST", url: `/api/emailhistory/${id}/cancel`, token: admin });
    expect(cancelled.status).toBe(200);

    expect(await queuePendingAudiences(db)).toEqual({ added: 0, pending: false });
    for (let round = 0; round < 20 && (await sender.runOnce()) > 0; round += 1);
    expect(rig.sink.messages.length).toBe(sink.before);
    expect(await queued(id)).toEqual(before);
    expect(await status(id)).toBe("cancelled");
  });

  it("queues each person once when several senders carry the queueing on at the same time", async () => {
    const id = await compose();
    await sendNow(id);
    for (let round = 0; round < 20; round += 1) {
      const results = await Promise.all([1, 2, 3, 4].map(() => queuePendingAudiences(db)));
      if (results.every((r) => !r.pending)) break;
    }
    expect(await queued(id)).toEqual({ rows: audience, distinct: audience });
    const [campaign] = await queryRows<{ recipient_count: number }>(
      db,
      sql`select recipient_count from campaigns where id = ${id}`,
    );
    expect(campaign?.recipient_count).toBe(audience);
    await call(app, { method: "POST", url: `/api/emailhistory/${id}/cancel`, token: admin });
  });
});
