import { setTimeout as sleep } from "node:timers/promises";
import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import { sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { startDueCampaigns } from "../src/modules/campaigns/lifecycle.ts";
import { recordOutcomes } from "../src/modules/campaigns/recipient-outcomes.ts";
import { claimRecipients, releaseExpiredClaims } from "../src/modules/campaigns/recipient-queue.ts";
import { deleteDraft, deleteHistory } from "../src/modules/campaigns/service.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";

/**
 * Staff stop a campaign while it is sent: a pause or a cancel must stop the batch a sender already
 * holds, not only the next claim, and a delete must never remove a campaign that has started
 * sending between the check and the delete.
 */

const rig = await startCampaignRig({});
const db = rig.app.db;

async function draft(subject: string): Promise<string> {
  const created = await call<CampaignDto>(rig.app, {
    method: "POST",
    url: "/api/compose-mail",
    token: rig.admin,
    body: { subject, preheader: "", html: "<p>Hi</p>", audience: { type: "all" } },
  });
  return created.body.data._id;
}

/**
 * Runs `action` while another session moves the campaign to sending (a scheduler starting it, staff
 * resuming it). On PostgreSQL that session holds the row, moved but not committed, until the action
 * has read the campaign and waits on the row; it always moves it. PGlite has one connection, so
 * `move` runs beside the action and their statements interleave; it answers whether it moved it.
 * Answers the action's outcome ("done" or the HTTP status of its error) and whether the campaign moved.
 */
async function whileMoved(
  id: string,
  action: () => Promise<unknown>,
  move: () => Promise<boolean>,
): Promise<{ result: unknown; moved: boolean }> {
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => "done",
      (error: { statusCode?: number }) => error.statusCode ?? error,
    );
  if (!rig.database.url) {
    const [result, moved] = await Promise.all([outcome(action()), move()]);
    return { result, moved };
  }
  const other = new pg.Client({ connectionString: rig.database.url });
  await other.connect();
  try {
    await other.query("begin");
    await other.query("update campaigns set status = 'sending', started_at = now() where id = $1", [id]);
    const settled = outcome(action());
    await sleep(300);
    await other.query("commit");
    return { result: await settled, moved: true };
  } finally {
    await other.end();
  }
}

async function exists(id: string): Promise<boolean> {
  return (await rig.campaignStatus(id)) !== "";
}

describe("deleting a campaign", () => {
  it("never deletes a draft the scheduler starts at the same moment", async () => {
    // Someone to send to: a scheduled campaign whose audience is nobody fails instead of starting.
    await rig.signUp("due-now@example.com");
    const id = await draft("Due now");
    await db.execute(sql`update campaigns set status = 'scheduled', scheduled_at = now() where id = ${id}`);
    const { result, moved } = await whileMoved(
      id,
      () => deleteDraft(db, id),
      async () => (await startDueCampaigns(db)).includes(id),
    );
    if (moved) {
      expect(result).toBe(409);
      expect(await rig.campaignStatus(id)).toBe("sending");
      await call(rig.app, { method: "POST", url: `/api/emailhistory/${id}/cancel`, token: rig.admin });
    } else {
      expect(result).toBe("done");
      expect(await exists(id)).toBe(false);
    }
  });

  it("never deletes the history of a paused campaign resumed at the same moment", async () => {
    const id = await rig.startCampaignTo("resumed", 3);
    await db.execute(sql`update campaigns set status = 'paused' where id = ${id}`);
    const { result, moved } = await whileMoved(
      id,
      () => deleteHistory(db, id),
      async () =>
        (
          await queryRows<{ id: string }>(
            db,
            sql`update campaigns set status = 'sending' where id = ${id} and status = 'paused' returning id`,
          )
        ).length > 0,
    );
    if (moved) {
      expect(result).toBe(409);
      expect(await rig.campaignStatus(id)).toBe("sending");
      await call(rig.app, { method: "POST", url: `/api/emailhistory/${id}/cancel`, token: rig.admin });
    } else {
      expect(result).toBe("done");
      expect(await exists(id)).toBe(false);
    }
  });
});

describe("stopping a campaign mid-batch", () => {
  // The SMTP thread starts with the first message and may take a second or two on a busy machine,
  // holding what it was handed meanwhile: started here, so the counts below are of a steady send.
  beforeAll(async () => {
    await rig.startCampaignTo("warm", 1);
    const sender = rig.makeSender();
    for (let round = 0; round < 5 && (await sender.runOnce()) > 0; round += 1);
  });

  /** A campaign of 100 at 20 a second, running until `after` messages have gone. */
  async function sending(prefix: string, after: number) {
    const id = await rig.startCampaignTo(prefix, 100);
    const sender = rig.makeSender({ ratePerSecond: 20 });
    sender.start();
    while (rig.receivedBy(prefix).size < after) await sleep(20);
    return { id, sender };
  }

  const sentTo = (prefix: string) => [...rig.receivedBy(prefix).values()].reduce((sum, n) => sum + n, 0);

  it("stops sending the batch already claimed once paused, and sends the rest once resumed", async () => {
    const { id, sender } = await sending("paused", 10);
    const paused = await call(rig.app, { method: "POST", url: `/api/emailhistory/${id}/pause`, token: rig.admin });
    expect(paused.status).toBe(200);
    const atPause = sentTo("paused");
    await sleep(3_000);
    // What was already handed over and a second's worth before the sender looks again: not the batch.
    expect(sentTo("paused") - atPause).toBeLessThanOrEqual(25);
    // The batch ends once its workers have had their turn at the rate limit; then nothing is claimed.
    const settled = Date.now() + 10_000;
    while (((await rig.statuses(id)).sending ?? 0) > 0 && Date.now() < settled) await sleep(50);
    const counts = await rig.statuses(id);
    expect(counts.sending ?? 0).toBe(0);
    expect(counts.sent).toBe(sentTo("paused"));
    expect((counts.sent ?? 0) + (counts.queued ?? 0)).toBe(100);

    await call(rig.app, { method: "POST", url: `/api/emailhistory/${id}/resume`, token: rig.admin });
    const deadline = Date.now() + 20_000;
    while ((await rig.campaignStatus(id)) !== "sent" && Date.now() < deadline) await sleep(50);
    await sender.stop();
    const received = rig.receivedBy("paused");
    expect(received.size).toBe(100);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
  }, 40_000);

  it("stops sending the batch already claimed once cancelled, and skips the rest", async () => {
    const { id, sender } = await sending("cancelled", 10);
    const cancelled = await call(rig.app, { method: "POST", url: `/api/emailhistory/${id}/cancel`, token: rig.admin });
    expect(cancelled.status).toBe(200);
    const atCancel = sentTo("cancelled");
    await sleep(3_000);
    expect(sentTo("cancelled") - atCancel).toBeLessThanOrEqual(25);
    await sender.stop();
    const counts = await rig.statuses(id);
    expect(counts.sent).toBe(sentTo("cancelled"));
    expect((counts.sent ?? 0) + (counts.skipped ?? 0)).toBe(100);
  }, 40_000);
});

describe("a cancelled campaign's recipients that come back from a batch", () => {
  // Cancel skips those queued; claims come only from sending campaigns, so a row back in the queue
  // after the cancel would wait there for ever.
  it("skips them, whether retried, held back or left by a sender whose lease ran out", async () => {
    const id = await rig.startCampaignTo("leftover", 3);
    const [retried, held, abandoned] = (await claimRecipients(db, 10, 60_000)).filter((r) => r.campaign_id === id);
    if (!retried || !held || !abandoned) throw new Error("three recipients claimed");
    const cancelled = await call(rig.app, { method: "POST", url: `/api/emailhistory/${id}/cancel`, token: rig.admin });
    expect(cancelled.status).toBe(200);

    // The batch had read the status just before the cancel: a 4xx to retry, a pause to hold.
    await recordOutcomes(db, [
      { id: retried.id, attempts: retried.attempts, kind: "retry", error: "451 Try again later" },
      { id: held.id, attempts: held.attempts, kind: "held" },
    ]);
    // The third's sender died with it.
    await db.execute(sql`update campaign_recipients set lease_until = now() - interval '1 second'
      where id = ${abandoned.id}`);
    await releaseExpiredClaims(db);

    expect(await rig.statuses(id)).toEqual({ skipped: 3 });
    const reasons = await queryRows<{ last_error: string }>(
      db,
      sql`select distinct last_error from campaign_recipients where campaign_id = ${id}`,
    );
    expect(reasons).toEqual([{ last_error: "Campaign cancelled" }]);
  });
});
