import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailLinkSecret } from "../src/app.ts";
import { signParts } from "../src/lib/signed-links.ts";
import { queryRows } from "../src/lib/sql.ts";
import { recordDeliveryEvents } from "../src/modules/newsletter/delivery-events.ts";
import {
  activeSuppression,
  isSuppressed,
  liftSuppression,
  suppress,
  suppressErased,
} from "../src/modules/newsletter/suppressions.ts";
import { call, createTestApp, signIn, testConfig } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);
const db = app.db;

async function person(email: string, status = "subscribed"): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into subscribers (id, email, status) values (uuid_v7(), ${email}, ${status}) returning id`,
  );
  return row?.id ?? "";
}
async function statusOf(email: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(
    db,
    sql`select status from subscribers where lower(email) = lower(${email})`,
  );
  return row?.status;
}
const eventsOf = (subscriberId: string) =>
  queryRows<{ kind: string; reason: string; source: string; campaign_id: string | null }>(
    db,
    sql`select kind, reason, source, campaign_id from delivery_events where subscriber_id = ${subscriberId} order by created_at`,
  );
const reportRows = async () =>
  (
    await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from activity_logs where action = 'Delivery reports'`,
    )
  )[0]?.n ?? 0;

describe("recording bounces and complaints", () => {
  it("a hard bounce bounces the subscriber at once and suppresses the address; a complaint unsubscribes; one log row per batch", async () => {
    const hardId = await person("Hard.Case@example.com");
    const angryId = await person("angry@example.com");
    const before = await reportRows();
    const result = await recordDeliveryEvents(db, [
      { email: "hard.case@EXAMPLE.com", kind: "hard", reason: "5.1.1 user unknown", source: "dsn" },
      { email: "angry@example.com", kind: "complaint", reason: "abuse", source: "arf", campaignId: null },
      // A campaign id that names nothing is kept off the record rather than failing the batch.
      {
        email: "nobody-known@example.com",
        kind: "hard",
        reason: "5.1.1",
        source: "webhook:generic",
        campaignId: "0190f000-0000-7000-8000-000000000000",
      },
    ]);
    expect(result).toEqual({ recorded: 3 });
    expect(await statusOf("hard.case@example.com")).toBe("bounced");
    expect(await statusOf("angry@example.com")).toBe("unsubscribed");
    expect(await eventsOf(hardId)).toEqual([
      { kind: "hard", reason: "5.1.1 user unknown", source: "dsn", campaign_id: null },
    ]);
    expect((await eventsOf(angryId)).map((e) => e.kind)).toEqual(["complaint"]);
    expect(await isSuppressed(db, "HARD.case@example.com")).toBe(true);
    expect(await isSuppressed(db, "angry@example.com")).toBe(true);
    // Not on the list, still suppressed: a later import must not mail it.
    expect(await isSuppressed(db, "nobody-known@example.com")).toBe(true);
    expect(await reportRows()).toBe(before + 1);
  });

  it("soft bounces count in a row: the third (Settings default) bounces the subscriber", async () => {
    const id = await person("full-mailbox@example.com");
    await recordDeliveryEvents(db, [
      { email: "full-mailbox@example.com", kind: "soft", reason: "4.2.2 mailbox full", source: "dsn" },
    ]);
    await recordDeliveryEvents(db, [
      { email: "full-mailbox@example.com", kind: "soft", reason: "4.2.2 mailbox full", source: "dsn" },
    ]);
    expect(await statusOf("full-mailbox@example.com")).toBe("subscribed");
    expect(await isSuppressed(db, "full-mailbox@example.com")).toBe(false);
    await recordDeliveryEvents(db, [
      { email: "full-mailbox@example.com", kind: "soft", reason: "4.2.2 mailbox full", source: "dsn" },
    ]);
    expect(await statusOf("full-mailbox@example.com")).toBe("bounced");
    expect(await isSuppressed(db, "full-mailbox@example.com")).toBe(true);
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(["soft", "soft", "soft"]);
  });

  it("an open in between breaks the row: it shows mail reaches the person", async () => {
    const id = await person("opens-sometimes@example.com");
    const [recipient] = await queryRows<{ id: string }>(
      db,
      sql`with c as (insert into campaigns (id, subject, html, audience, status)
          values (uuid_v7(), 'Weekly', '<p>Hi</p>', '{"type":"all"}', 'sent') returning id)
        insert into campaign_recipients (id, campaign_id, subscriber_id, email, status)
        select uuid_v7(), c.id, ${id}, 'opens-sometimes@example.com', 'sent' from c returning id`,
    );
    const soft = { email: "opens-sometimes@example.com", kind: "soft", reason: "4.2.2", source: "dsn" } as const;
    await recordDeliveryEvents(db, [soft]);
    await recordDeliveryEvents(db, [soft]);
    const pixel = await app.inject({
      url: `/t/o/${signParts(emailLinkSecret(testConfig()), "open", [recipient?.id ?? ""])}.gif`,
      headers: { "user-agent": "Mozilla/5.0 (Macintosh) Thunderbird" },
    });
    expect(pixel.statusCode).toBe(200);
    await app.events.flush();
    await recordDeliveryEvents(db, [soft]);
    expect(await statusOf("opens-sometimes@example.com")).toBe("subscribed");
  });

  it("the limit comes from Settings", async () => {
    await db.execute(sql`insert into settings (key, value) values ('site', '{"softBouncesToBounce": 1}')
      on conflict (key) do update set value = settings.value || '{"softBouncesToBounce": 1}'`);
    await person("once@example.com");
    await recordDeliveryEvents(db, [{ email: "once@example.com", kind: "soft", reason: "4.4.1", source: "dsn" }]);
    expect(await statusOf("once@example.com")).toBe("bounced");
    await db.execute(sql`update settings set value = value - 'softBouncesToBounce' where key = 'site'`);
  });

  it("a suppression is lifted once, with who lifted it; suppressing again starts a new row", async () => {
    await suppress(db, "Lift.Me@example.com", "unsubscribed");
    await suppress(db, "lift.me@example.com", "complaint");
    expect(await isSuppressed(db, "lift.me@example.com")).toBe(true);
    const lifted = await liftSuppression(db, "LIFT.ME@example.com", null);
    expect(lifted?.reason).toBe("complaint");
    expect(await isSuppressed(db, "lift.me@example.com")).toBe(false);
    expect(await liftSuppression(db, "lift.me@example.com", null)).toBeNull();
    await suppress(db, "lift.me@example.com", "hard-bounce");
    expect(await isSuppressed(db, "lift.me@example.com")).toBe(true);
  });

  it("a complaint or bounce after an unsubscribe takes its place on the list, and a bounce bounces the subscriber; a later unsubscribe weakens neither", async () => {
    const angry = "left-angry@example.com";
    const dead = "left-dead@example.com";
    const full = "left-full@example.com";
    for (const email of [angry, dead, full]) {
      await person(email, "unsubscribed");
      await suppress(db, email, "unsubscribed");
    }
    await recordDeliveryEvents(db, [
      { email: angry, kind: "complaint", reason: "abuse", source: "arf" },
      { email: dead, kind: "hard", reason: "5.1.1 user unknown", source: "dsn" },
    ]);
    for (let n = 0; n < 3; n += 1) {
      await recordDeliveryEvents(db, [{ email: full, kind: "soft", reason: "4.2.2 mailbox full", source: "dsn" }]);
    }
    const reasons = () =>
      Promise.all([angry, dead, full].map(async (email) => (await activeSuppression(db, email))?.reason));
    expect(await reasons()).toEqual(["complaint", "hard-bounce", "soft-bounces"]);
    expect(await statusOf(angry)).toBe("unsubscribed");
    expect(await statusOf(dead)).toBe("bounced");
    expect(await statusOf(full)).toBe("bounced");

    for (const email of [angry, dead, full]) await suppress(db, email, "unsubscribed");
    expect(await reasons()).toEqual(["complaint", "hard-bounce", "soft-bounces"]);
    await suppressErased(db, angry);
    expect(await activeSuppression(db, angry)).toMatchObject({
      email: expect.stringMatching(/^sha256:/),
      reason: "erased",
    });
  });
});

describe("the subscriber quick view", () => {
  it("lists a subscriber's bounces and complaints, newest first, with the campaign they came from", async () => {
    const id = await person("quick.view@example.com");
    const [campaign] = await queryRows<{ id: string }>(
      db,
      sql`insert into campaigns (id, subject, html, audience) values (uuid_v7(), 'Spring sale', '<p>Hi</p>', '{"type":"all"}') returning id`,
    );
    await recordDeliveryEvents(db, [
      {
        email: "quick.view@example.com",
        kind: "soft",
        reason: "4.2.2 mailbox full",
        source: "dsn",
        campaignId: campaign?.id,
      },
    ]);
    await recordDeliveryEvents(db, [
      { email: "quick.view@example.com", kind: "complaint", reason: "Feedback-Type: abuse", source: "arf" },
    ]);
    const detail = await call<{
      email: string;
      deliveryEvents: {
        kind: string;
        reason: string;
        source: string;
        campaignSubject: string | null;
        createdAt: string;
      }[];
    }>(app, {
      url: `/api/newsletter/subscribers/${id}`,
      token: admin,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data.email).toBe("quick.view@example.com");
    expect(detail.body.data.deliveryEvents).toMatchObject([
      { kind: "complaint", reason: "Feedback-Type: abuse", source: "arf", campaignSubject: null },
      { kind: "soft", reason: "4.2.2 mailbox full", source: "dsn", campaignSubject: "Spring sale" },
    ]);
    // The person's data export (GDPR) holds them too.
    const exported = await call<{ deliveryEvents: { kind: string }[] }>(app, {
      url: `/api/newsletter/subscribers/${id}/export`,
      token: admin,
    });
    expect(exported.body.data.deliveryEvents?.map((e) => e.kind)).toEqual(["complaint", "soft"]);
  });
});
