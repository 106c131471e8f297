import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../smtp-sink.ts";
import { addSubscribers, deliveries, recipientCounts, sendCampaign, waitUntil } from "./campaign.ts";
import { createDatabase, type FreshDatabase } from "./databases.ts";
import { cleanUp, disposeAll, exitWithin, signIn, startServer } from "./processes.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-fault-campaign-"));
let database: FreshDatabase | undefined;
let closeSink: (() => Promise<void>) | undefined;
afterAll(() =>
  cleanUp(
    disposeAll,
    () => closeSink?.(),
    () => database?.drop(),
    () => rmSync(dataDir, { recursive: true, force: true }),
  ),
);

describe("SIGKILL of the server while it sends a campaign", () => {
  it("reaches everyone after a restart, repeating only what was in flight at the kill", async () => {
    database = await createDatabase();
    const sink = await startSmtpSink();
    closeSink = sink.close;
    // A short lease so the restarted sender reclaims the dead one's recipients within the test;
    // a rate so the kill lands mid-campaign.
    const env = {
      DATABASE_URL: database.url,
      SENDER: "on",
      SMTP_URL: sink.url,
      SEND_RATE: "300",
      SENDER_LEASE_MS: "2000",
      SCHEDULER_MS: "500",
    };
    const first = await startServer({ env, dataDir });
    const token = await signIn(first);
    await addSubscribers(database, 1_000, "crash");
    const campaign = await sendCampaign(first, token, "Crash test");
    const expected = campaign.recipientCount;
    expect(expected).toBeGreaterThanOrEqual(1_000);

    await waitUntil("a quarter of the campaign delivered", 60_000, () => sink.messages.length >= expected / 4);
    first.signal("SIGKILL");
    expect(await exitWithin(first, 10_000)).toBeDefined();
    const deliveredAtKill = sink.messages.length;
    const atKill = await recipientCounts(database, campaign.id);
    const inFlight = atKill.sending ?? 0;
    // Delivered to the peer but not yet written down as sent: exactly what a restart may repeat.
    const unrecorded = deliveredAtKill - (atKill.sent ?? 0);
    expect(deliveredAtKill).toBeLessThan(expected);

    const second = await startServer({ env, dataDir });
    const sendingDone = async () => {
      const result = await database?.pool.query<{ status: string }>("select status from campaigns where id = $1", [
        campaign.id,
      ]);
      return result?.rows[0]?.status === "sent";
    };
    await waitUntil("the campaign to finish after the restart", 60_000, sendingDone);
    second.signal("SIGTERM");
    await exitWithin(second, 10_000);

    const { reached, duplicates } = deliveries(sink.messages);
    const final = await recipientCounts(database, campaign.id);
    console.log(
      `campaign crash: ${expected} recipients; ${deliveredAtKill} delivered before SIGKILL, ${inFlight} in flight ` +
        `(claimed, outcome not yet written) at the kill, ${unrecorded} of them already delivered; after restart ${reached} reached, ${duplicates} sent twice; ` +
        `recipients by status ${JSON.stringify(final)}`,
    );
    // Nobody lost, nobody left unsent, and repeats only among those whose delivery was not yet written down.
    expect(reached).toBe(expected);
    expect(final).toEqual({ sent: expected });
    expect(duplicates).toBeLessThanOrEqual(unrecorded);
    expect(unrecorded).toBeLessThanOrEqual(inFlight);
  });
});
