import { afterAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../smtp-sink.ts";
import { addSubscribers, deliveries, recipientCounts, sendCampaign, waitUntil } from "./campaign.ts";
import { createDatabase, type FreshDatabase } from "./databases.ts";
import { cleanUp, disposeAll, exitWithin, signIn, startServer } from "./processes.ts";
import { type Outcome, startLoad, tally, uncachedProductPage } from "./traffic.ts";

const databases: FreshDatabase[] = [];
const closers: Array<() => Promise<void>> = [];
afterAll(() =>
  cleanUp(disposeAll, ...closers.map((close) => close), ...databases.map((database) => () => database.drop())),
);

describe("SIGTERM under load", () => {
  it("finishes what was accepted, turns new requests away, exits 0 within 10 s", async () => {
    const database = await createDatabase();
    databases.push(database);
    // info level: the server's own "shutting down" line tells when it started refusing.
    const server = await startServer({ env: { DATABASE_URL: database.url, LOG_LEVEL: "info" } });
    const token = await signIn(server);
    // The slow request: a CSV export of many subscribers streams for a while, so it is surely mid-response at the signal.
    await addSubscribers(database, 25_000, "shutdown");
    const expectedRows = await database.count("select count(*)::int as n from subscribers");

    const load = startLoad({
      next: () => `${server.url}${uncachedProductPage()}`,
      concurrency: 12,
      timeoutMs: 15_000,
      pauseMs: 10,
    });
    const exportStarted = Date.now();
    const slow = await fetch(`${server.url}/api/newsletter/export`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(30_000),
    });
    expect(slow.status).toBe(200);
    const slowBody = slow.text().then(
      (text) => ({ text, ended: Date.now() }),
      (error: unknown) => ({ text: "", ended: Date.now(), error: String(error) }),
    );
    // Let the load run a moment on every connection before the signal.
    await waitUntil("some answered requests", 10_000, () => load.outcomes.length >= 50);

    const signalledAt = server.signal("SIGTERM");
    const exit = await exitWithin(server, 10_000);
    const outcomes = await load.stop();
    const slowResult = await slowBody;

    const shutdownMs = exit ? exit.at - signalledAt : Number.NaN;
    const refusingSince =
      Number(server.logLines().find((line) => /shutting down/i.test(String(line.msg)))?.time) || signalledAt;
    const before = outcomes.filter((o) => o.ended <= signalledAt);
    const after = outcomes.filter((o) => o.started > refusingSince);
    console.log(
      `shutdown under load: signal → exit ${shutdownMs} ms (exit code ${exit?.code}); ` +
        `export of ${expectedRows} rows ran ${slowResult.ended - exportStarted} ms and ended ${slowResult.ended - signalledAt} ms after the signal, ` +
        `exit ${exit ? exit.at - slowResult.ended : Number.NaN} ms after that answer; ` +
        `server refused from +${refusingSince - signalledAt} ms; before: ${JSON.stringify(tally(before))}; ` +
        `after: ${JSON.stringify(tally(after))}; all: ${JSON.stringify(tally(outcomes))}`,
    );

    expect(exit, "the process did not exit within 10 s of SIGTERM").toBeDefined();
    expect(exit?.code).toBe(0);
    // The request in flight completed in full: a header row plus one line per subscriber.
    expect(slowResult).not.toHaveProperty("error");
    expect(slowResult.ended, "the export was not in flight at the signal: make it bigger").toBeGreaterThan(signalledAt);
    expect(slowResult.text.trimEnd().split("\n")).toHaveLength(expectedRows + 1);

    const broken = (o: Outcome) => o.kind === "cut" || o.kind === "timeout" || o.kind === "error";
    expect(outcomes.filter(broken), "a request hung or broke off mid-answer").toEqual([]);
    const unexpected = outcomes.filter((o) => o.kind === "answered" && !(o.status === 200 || o.status === 503));
    expect(unexpected, "only 200 or 503 are expected").toEqual([]);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((o) => o.kind === "answered" && o.status === 200)).toBe(true);
    // Arriving after the server began shutting down: 503, or no connection at all, never served as usual.
    expect(after.filter((o) => o.kind === "answered" && o.status !== 503)).toEqual([]);
    expect(after.length, "no request was sent after the signal: the load did not span the shutdown").toBeGreaterThan(0);
    expect(after.filter((o) => o.kind === "answered" && o.status === 503).length, "no 503 was seen").toBeGreaterThan(0);
  });

  it("lets the campaign sender finish its batch: nobody left 'sending', every delivery recorded", async () => {
    const database = await createDatabase();
    databases.push(database);
    const sink = await startSmtpSink();
    closers.push(sink.close);
    // 200 messages a second to 3,000 people: about 15 s of sending, so the signal lands mid-campaign.
    const server = await startServer({
      env: { DATABASE_URL: database.url, SENDER: "on", SMTP_URL: sink.url, SEND_RATE: "200", SCHEDULER_MS: "500" },
    });
    const token = await signIn(server);
    await addSubscribers(database, 3_000, "campaign");
    const campaign = await sendCampaign(server, token, "Shutdown test");
    expect(campaign.recipientCount).toBeGreaterThanOrEqual(3_000);
    await waitUntil("the campaign to be under way", 30_000, () => sink.messages.length >= 300);

    const signalledAt = server.signal("SIGTERM");
    const exit = await exitWithin(server, 10_000);
    const shutdownMs = exit ? exit.at - signalledAt : Number.NaN;
    const counts = await recipientCounts(database, campaign.id);
    const { reached, duplicates } = deliveries(sink.messages);
    console.log(
      `shutdown while sending: signal → exit ${shutdownMs} ms (exit code ${exit?.code}); ` +
        `${sink.messages.length} delivered, recipients by status ${JSON.stringify(counts)}`,
    );

    expect(exit, "the process did not exit within 10 s of SIGTERM").toBeDefined();
    expect(exit?.code).toBe(0);
    expect(counts.sending ?? 0, "recipients left claimed ('sending') after a graceful exit").toBe(0);
    // What the peer received is exactly what the database says was sent: the batch was written down, not dropped.
    expect(counts.sent ?? 0).toBe(sink.messages.length);
    expect(duplicates).toBe(0);
    expect(reached).toBe(sink.messages.length);
    // It stopped mid-campaign rather than draining it: the rest waits for the next start.
    expect(counts.queued ?? 0).toBeGreaterThan(0);
  });
});
