import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { startCampaignRig } from "./campaign-rig.ts";

/**
 * A process asked to stop (SIGTERM, a deploy) has a few seconds before it is killed. A rate-limited
 * batch lasts far longer (SEND_RATE=1 and a claim of 30: half a minute), so stopping must not wait
 * for it: the messages not yet sent go back to the queue, and those sent are written down, or the
 * kill leaves them claimed and they are mailed again when the lease runs out.
 */

const rig = await startCampaignRig({});

const until = async (done: () => boolean, ms: number): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe("stopping a sender in the middle of a rate-limited batch", () => {
  it("stops within a couple of seconds, queues what it did not send and records what it sent", async () => {
    const id = await rig.startCampaignTo("stopping", 40);
    // 40 at 2 a second: a batch of 20 seconds.
    const sender = rig.makeSender({ ratePerSecond: 2 });
    sender.start();
    await until(() => rig.receivedBy("stopping").size >= 3, 10_000);

    const asked = Date.now();
    await sender.stop();
    const stoppedMs = Date.now() - asked;

    const received = rig.receivedBy("stopping");
    const statuses = await rig.statuses(id);
    expect(stoppedMs, "time stop() took").toBeLessThan(2_000);
    expect(statuses.sending, "recipients left claimed").toBeUndefined();
    expect(statuses.sent).toBe(received.size);
    expect(statuses.queued).toBe(40 - received.size);
    expect([...received.values()].every((count) => count === 1)).toBe(true);
    // Given back untried: a stop is no failed attempt, and the next sender may take them at once.
    const [row] = await queryRows<{ attempts: number; waiting: boolean }>(
      rig.app.db,
      sql`select max(attempts)::int as attempts, bool_or(next_attempt_at > now() or lease_until is not null) as waiting
        from campaign_recipients where campaign_id = ${id} and status = 'queued'`,
    );
    expect(row).toEqual({ attempts: 0, waiting: false });
  }, 60_000);
});
