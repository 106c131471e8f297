import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { mailOutbox } from "../src/db/schema/index.ts";
import { about, enquiryMailApp, mailConfig, to } from "./enquiry-fixtures.ts";
import { freePort } from "./free-port.ts";
import { testConfig } from "./harness.ts";
import { startSmtpSink } from "./smtp-sink.ts";

// The outbox behind every account and enquiry message (decision 009), driven by enquiries: what must be
// sent is recorded before it is sent, survives a mail server that is down and a restart, and goes once.
const { sink, app, database, db, submit, rowsFor, delivered } = await enquiryMailApp();
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-outbox-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("mail is never lost and never sent twice", () => {
  it("answers and keeps enquiries while SMTP is down, and a restarted instance delivers each message once", async () => {
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}?tls=off`;
    const down = await buildApp(testConfig({ ...mailConfig, SMTP_URL: smtpUrl, DATA_DIR: dataDir }), { database });
    await down.ready();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const sent = await submit(down, { email: `down${i}@customer.test` });
      expect(sent.status).toBe(201);
      ids.push(sent.body.data._id);
    }
    const pending = async () =>
      (await db.select().from(mailOutbox)).filter((r) => r.contactId !== null && ids.includes(r.contactId));
    expect(await down.outbox.drain()).toBe(0);
    const failedOnce = await pending();
    expect(failedOnce).toHaveLength(10);
    expect(
      failedOnce.every(
        (r) =>
          r.status === "pending" && r.attempts === 1 && r.lastError !== null && r.nextAttemptAt.getTime() > Date.now(),
      ),
    ).toBe(true);
    await down.close();

    // The mail server comes back, and a new instance starts on the same database.
    const back = await startSmtpSink({ port });
    const restarted = await buildApp(testConfig({ ...mailConfig, SMTP_URL: smtpUrl, DATA_DIR: dataDir }), {
      database,
    });
    try {
      // Not before the retry is due...
      expect(await restarted.outbox.drain()).toBe(0);
      // ...and once it is (the clock moved on), each message goes exactly once.
      await db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
      expect(await restarted.outbox.drain()).toBe(10);
      expect(await restarted.outbox.drain()).toBe(0);
      expect(back.messages).toHaveLength(10);
      const messageIds = back.messages.map((m) => m.headers.get("message-id"));
      expect(new Set(messageIds).size).toBe(10);
      expect((await pending()).map((r) => r.message.messageId).sort()).toEqual([...messageIds].sort());
      for (let i = 0; i < 5; i += 1) expect(back.messages.filter(to(`down${i}@customer.test`))).toHaveLength(1);
    } finally {
      await restarted.close();
      await back.close();
    }
  });

  it("leaves a row another process holds alone until its lease expires, then sends it (a crash mid-send)", async () => {
    const sent = await submit(app, { email: "leased@customer.test" });
    const id = sent.body.data._id;
    await db.execute(
      sql`update mail_outbox set lease_until = now() + interval '1 minute', attempts = 1 where contact_id = ${id}`,
    );
    expect(await app.outbox.drain()).toBe(0);
    await db.execute(sql`update mail_outbox set lease_until = now() - interval '1 second' where contact_id = ${id}`);
    expect(await app.outbox.drain()).toBe(2);
    expect(delivered(about(id))).toHaveLength(1);
    expect((await rowsFor(id)).map((r) => r.attempts)).toEqual([2, 2]);
  });

  it("two dispatchers draining at once never send a row twice", async () => {
    const ids = [];
    for (let i = 0; i < 10; i += 1) ids.push((await submit(app, { email: `race${i}@customer.test` })).body.data._id);
    const other = await buildApp(testConfig({ ...mailConfig, SMTP_URL: sink.url }), { database });
    try {
      const counts = await Promise.all([app.outbox.drain(), other.outbox.drain(), app.outbox.drain()]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
      for (const id of ids) expect(delivered(about(id))).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("retries a temporary refusal with backoff, fails for good on a 5xx or after the last attempt, and says why", async () => {
    const picky = await startSmtpSink({
      reject: (address) =>
        address.startsWith("gone@")
          ? { code: 550, message: "No such user" }
          : address.startsWith("busy@")
            ? { code: 451, message: "Try again later" }
            : undefined,
    });
    const other = await buildApp(testConfig({ ...mailConfig, SMTP_URL: picky.url }), { database });
    try {
      const gone = (await submit(other, { email: "gone@customer.test" })).body.data._id;
      const busy = (await submit(other, { email: "busy@customer.test" })).body.data._id;
      await other.outbox.drain();
      const confirmationOf = async (id: string) => (await rowsFor(id)).find((r) => r.kind === "enquiry-confirmation");
      const failed = await confirmationOf(gone);
      expect(failed?.status).toBe("failed");
      expect(failed?.lastError).toContain("No such user");
      const waiting = await confirmationOf(busy);
      expect(waiting?.status).toBe("pending");
      expect(waiting?.attempts).toBe(1);
      const wait = (waiting?.nextAttemptAt.getTime() ?? 0) - Date.now();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(30_000);
      // The alerts to the team went all the same.
      expect((await rowsFor(gone)).find((r) => r.kind === "enquiry-alert")?.status).toBe("sent");

      // The last attempt fails too: failed for good.
      await db.execute(sql`update mail_outbox set attempts = 7, next_attempt_at = now() where id = ${waiting?.id}`);
      await other.outbox.drain();
      const last = await confirmationOf(busy);
      expect(last?.status).toBe("failed");
      expect(last?.attempts).toBe(8);
      expect(last?.lastError).toContain("Try again later");
    } finally {
      await other.close();
      await picky.close();
    }
  });
});
