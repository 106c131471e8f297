import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";

/**
 * Whose fault a 5xx is depends on what it answered. A refusal of the recipient (RCPT TO, 5.1.1) is a
 * hard bounce: the person is marked bounced and the address suppressed. A refusal of us (our sender
 * at MAIL FROM, our credentials, our quota) says nothing about the recipients: a campaign pauses with
 * everyone still to send, and account mail is tried again later.
 */

let quotaExceeded = false;
const rig = await startCampaignRig({
  refuseSender: () => (quotaExceeded ? { code: 550, message: "5.4.5 Daily user sending quota exceeded" } : undefined),
  reject: (to) =>
    to.startsWith("nosuch")
      ? { code: 550, message: "5.1.1 The email account that you tried to reach does not exist" }
      : undefined,
});
const db = rig.app.db;

async function suppressed(prefix: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from suppressions where email like ${`${prefix}%`} and lifted_at is null`,
  );
  return row?.n ?? 0;
}

async function subscriberStatuses(prefix: string): Promise<string[]> {
  const rows = await queryRows<{ status: string }>(
    db,
    sql`select distinct status from subscribers where email like ${`${prefix}%`}`,
  );
  return rows.map((row) => row.status);
}

describe("a campaign", () => {
  it("pauses when the relay refuses our sender (daily quota), bouncing and suppressing nobody, and sends everyone once resumed", async () => {
    quotaExceeded = true;
    const id = await rig.startCampaignTo("quota", 10);
    const sender = rig.makeSender();
    for (let round = 0; round < 10 && (await sender.runOnce()) > 0; round += 1);

    expect(await rig.campaignStatus(id)).toBe("paused");
    expect(await rig.statuses(id)).toEqual({ queued: 10 });
    expect(await suppressed("quota")).toBe(0);
    expect(await subscriberStatuses("quota")).toEqual(["subscribed"]);

    quotaExceeded = false;
    const resumed = await call(rig.app, { method: "POST", url: `/api/emailhistory/${id}/resume`, token: rig.admin });
    expect(resumed.status).toBe(200);
    for (let round = 0; round < 10 && (await sender.runOnce()) > 0; round += 1);
    expect(await rig.campaignStatus(id)).toBe("sent");
    const received = rig.receivedBy("quota");
    expect(received.size).toBe(10);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
  });

  it("still bounces and suppresses a recipient the relay refuses as unknown (RCPT TO, 5.1.1)", async () => {
    const id = await rig.startCampaignTo("nosuch", 3);
    const sender = rig.makeSender();
    for (let round = 0; round < 10 && (await sender.runOnce()) > 0; round += 1);
    expect(await rig.statuses(id)).toEqual({ bounced: 3 });
    expect(await rig.campaignStatus(id)).toBe("sent");
    expect(await suppressed("nosuch")).toBe(3);
  });
});

describe("account mail", () => {
  it("is tried again later, not failed for good, when the relay refuses our sender", async () => {
    await call(rig.app, { method: "PUT", url: "/api/settings", token: rig.admin, body: { doubleOptIn: true } });
    quotaExceeded = true;
    const signUp = await call(rig.app, {
      method: "POST",
      url: "/api/newsletter/subscriber",
      body: { email: "waiting@example.com" },
      ip: "10.7.0.1",
    });
    expect(signUp.status).toBe(200);
    const row = async () => {
      const [found] = await queryRows<{ status: string; attempts: number; last_error: string | null }>(
        db,
        sql`select status, attempts, last_error from mail_outbox where recipient = 'waiting@example.com'`,
      );
      return found;
    };
    expect(await rig.app.outbox.drain()).toBe(0);
    expect(await row()).toMatchObject({ status: "pending", attempts: 1 });
    expect((await row())?.last_error).toMatch(/5\.4\.5/);

    quotaExceeded = false;
    await db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
    expect(await rig.app.outbox.drain()).toBe(1);
    expect((await row())?.status).toBe("sent");
  });
});
