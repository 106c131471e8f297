import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { emailLinkSecret } from "../src/app.ts";
import type { Db } from "../src/db/client.ts";
import { createCampaignSender, senderOptionsFor } from "../src/jobs/campaign-sender.ts";
import { createTestApp, testConfig } from "./harness.ts";

/**
 * The sender and the scheduler retry on their own, so a failure does not stop them; it must still be
 * seen: a campaign left `sending` by a database that keeps refusing had nothing in the logs.
 */

const { app, database } = await createTestApp();

describe("a campaign sender whose database refuses its statements", () => {
  it("logs each failure of the sending lanes and of the scheduler, the same one at most once a minute", async () => {
    let refused = 0;
    const refuse = () => {
      refused += 1;
      return Promise.reject(new Error("the database went away"));
    };
    // Claims, releases and outcome writes are raw statements; the scheduler starts campaigns in a transaction.
    const down = new Proxy(app.db, {
      get: (target, property, receiver) =>
        property === "execute" || property === "transaction" ? refuse : Reflect.get(target, property, receiver),
    }) as Db;
    const logged: { details: { err?: unknown }; message: string }[] = [];
    const log = { error: (details: { err?: unknown }, message: string) => void logged.push({ details, message }) };
    const sender = createCampaignSender(
      down,
      app.mailer,
      { secret: emailLinkSecret(testConfig()), publicUrl: "http://shop.test" },
      { ...senderOptionsFor(database.kind), idleMs: 10, schedulerMs: 10 },
      log,
    );
    sender.start();
    await sleep(500);
    await sender.stop();

    expect(refused).toBeGreaterThan(10);
    const messages = logged.map((entry) => entry.message);
    expect(messages.some((message) => /sending/i.test(message))).toBe(true);
    expect(messages.some((message) => /due campaigns/i.test(message))).toBe(true);
    expect(new Set(messages).size, "each failure once, not once per round").toBe(messages.length);
    for (const { details } of logged) expect((details.err as Error).message).toBe("the database went away");
  });
});
