import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { recordOutcomes } from "../src/modules/campaigns/recipient-outcomes.ts";
import { claimRecipients, releaseExpiredClaims } from "../src/modules/campaigns/recipient-queue.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";

/**
 * A claim holds its recipients under a lease; a lease that runs out gives them to whoever claims
 * next. So a batch must never outlast its lease while it is still being sent (a slow rate limit, a
 * slow relay), and an outcome written by a holder that lost its lease must not overwrite the row.
 */

const until = async (done: () => Promise<boolean>, ms: number): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

const onceEach = (received: Map<string, number>) => [...received.values()].filter((n) => n !== 1).length;

describe("a rate-limited send", async () => {
  const rig = await startCampaignRig({});

  it("never sends a batch that outlasts its lease twice", async () => {
    const id = await rig.startCampaignTo("slowrate", 60);
    // 60 messages at 30 a second take 2 s, twice the lease.
    const sender = rig.makeSender({ ratePerSecond: 30, leaseMs: 1_000 });
    sender.start();
    await until(async () => (await rig.campaignStatus(id)) === "sent", 20_000);
    await sender.stop();
    const received = rig.receivedBy("slowrate");
    expect(received.size).toBe(60);
    expect(onceEach(received)).toBe(0);
    expect(await rig.statuses(id)).toEqual({ sent: 60 });
  }, 30_000);

  it("starts a scheduled campaign on time while a slow batch is being sent", async () => {
    // More than one claim's worth, so both lanes hold a batch that takes ~10 s at this rate.
    const id = await rig.startCampaignTo("busylane", 400);
    const later = await call<CampaignDto>(rig.app, {
      method: "POST",
      url: "/api/compose-mail",
      token: rig.admin,
      body: { subject: "Due soon", preheader: "", html: "<p>Hi</p>", audience: { type: "all" } },
    });
    const sender = rig.makeSender({ ratePerSecond: 20, leaseMs: 20_000, schedulerMs: 200 });
    sender.start();
    await until(async () => rig.receivedBy("busylane").size >= 5, 10_000);
    await rig.app.db.execute(sql`update campaigns set status = 'scheduled', scheduled_at = now()
      where id = ${later.body.data._id}`);
    await until(async () => (await rig.campaignStatus(later.body.data._id)) !== "scheduled", 3_000);
    expect(await rig.campaignStatus(later.body.data._id)).toBe("sending");
    for (const campaign of [id, later.body.data._id]) {
      await call(rig.app, { method: "POST", url: `/api/emailhistory/${campaign}/cancel`, token: rig.admin });
    }
    await sender.stop();
  }, 60_000);

  it("keeps the outcome of the holder that sent a row over the late outcome of one whose lease ran out", async () => {
    const id = await rig.startCampaignTo("lostlease", 1);
    const [lost] = await claimRecipients(rig.app.db, 1, 60_000);
    if (!lost) throw new Error("nothing claimed");
    // Its lease runs out while its relay hangs; another sender takes the row and sends it.
    await rig.app.db.execute(sql`update campaign_recipients set lease_until = now() - interval '1 second'
      where id = ${lost.id}`);
    await releaseExpiredClaims(rig.app.db);
    const sender = rig.makeSender();
    for (let round = 0; round < 5 && (await sender.runOnce()) > 0; round += 1);
    expect(await rig.statuses(id)).toEqual({ sent: 1 });

    // The first holder's relay finally times out: that must not put the row back to be mailed again.
    await recordOutcomes(rig.app.db, [{ id: lost.id, kind: "retry", error: "Timeout", attempts: lost.attempts }]);
    expect(await rig.statuses(id)).toEqual({ sent: 1 });
    const [row] = await queryRows<{ message_id: string | null }>(
      rig.app.db,
      sql`select message_id from campaign_recipients where id = ${lost.id}`,
    );
    expect(row?.message_id).toBeTruthy();
  });
});

describe("a send through a slow relay", async () => {
  const rig = await startCampaignRig({ delayMs: 400 });

  it("keeps its lease while the batch is still going out, so nobody is mailed twice", async () => {
    const id = await rig.startCampaignTo("slowrelay", 20);
    // One message at a time from each lane, each answered after 400 ms: 20 take ~4 s, four times the lease.
    const sender = rig.makeSender({ concurrency: 1, handOffPerConnection: 1, leaseMs: 1_000 });
    sender.start();
    await until(async () => (await rig.campaignStatus(id)) === "sent", 20_000);
    await sender.stop();
    const received = rig.receivedBy("slowrelay");
    expect(received.size).toBe(20);
    expect(onceEach(received)).toBe(0);
    expect(await rig.statuses(id)).toEqual({ sent: 20 });
  }, 30_000);
});
