import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { mailOutbox } from "../src/db/schema/index.ts";
import { enqueueMail, retryFailedMail } from "../src/mail/outbox.ts";
import { createOutboxDispatcher } from "../src/mail/outbox-dispatcher.ts";
import { createMailer, type Mailer } from "../src/mail/transport.ts";
import { about, enquiryMailApp, mailConfig, to } from "./enquiry-fixtures.ts";
import { freePort } from "./free-port.ts";
import { testConfig } from "./harness.ts";
import { startSmtpSink } from "./smtp-sink.ts";

// The outbox behind every account and enquiry message (decision 009), driven by enquiries: what must be
// sent is recorded before it is sent, survives a mail server that is down and a restart, and goes once.
const { sink, app, database, db, submit, rowsFor, delivered } = await enquiryMailApp();
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-outbox-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const quiet = { warn() {}, error() {} };

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

describe("a lease outlasted", () => {
  it("keeps a batch slower than its lease from a second dispatcher: each message reaches a slow relay once", async () => {
    // The relay takes 250 ms a message and each process's account transport has 2 connections, so
    // 20 rows take 2.5 s: two and a half leases of 1 s.
    const slow = await startSmtpSink({ delayMs: 250 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push((await submit(app, { email: `slow${i}@customer.test` })).body.data._id);
    const processes = [0, 1].map(() => {
      const mailer = createMailer({ smtpUrl: slow.url, outboxDir: dataDir });
      const outbox = createOutboxDispatcher({ db, mailer, log: quiet, options: { leaseMs: 1_000, idleMs: 50 } });
      return { mailer, outbox };
    });
    const rows = async () => (await Promise.all(ids.map(rowsFor))).flat();
    try {
      for (const { outbox } of processes) outbox.start();
      await vi.waitFor(async () => expect((await rows()).every((r) => r.status === "sent")).toBe(true), {
        timeout: 15_000,
        interval: 50,
      });
    } finally {
      for (const { outbox, mailer } of processes) {
        await outbox.stop();
        mailer.close();
      }
      await slow.close();
    }
    const sent = await rows();
    expect(sent).toHaveLength(20);
    expect(sent.map((r) => r.status)).toEqual(Array(20).fill("sent"));
    // How many times the relay took each row's message (a resend carries the row's Message-ID).
    const received = slow.messages.map((m) => m.headers.get("message-id"));
    expect(sent.map((r) => received.filter((id) => id === r.message.messageId).length)).toEqual(Array(20).fill(1));
    expect(ids.map((_, i) => slow.messages.filter(to(`slow${i}@customer.test`)).length)).toEqual(Array(10).fill(1));
  }, 30_000);

  it("keeps the outcome of the dispatcher that sent a row over the late failure of one whose lease ran out", async () => {
    const id = (await submit(app, { email: "lapsed@customer.test" })).body.data._id;
    const relay = heldRelay();
    const late = createOutboxDispatcher({ db, mailer: relay.mailer, log: quiet }).drain();
    await vi.waitFor(() => expect(relay.handed).toHaveLength(2));
    // Its process stalls past the lease; another dispatcher takes the rows and sends them.
    await db.execute(sql`update mail_outbox set lease_until = now() - interval '1 second' where contact_id = ${id}`);
    expect(await app.outbox.drain()).toBe(2);
    // Then its relay refuses the recipient for good: that must not fail the rows (staff would send them again).
    relay.answer("refuse");
    expect(await late).toBe(0);
    expect((await rowsFor(id)).map((r) => [r.status, r.lastError])).toEqual([
      ["sent", null],
      ["sent", null],
    ]);
    expect(delivered(to("lapsed@customer.test"))).toHaveLength(1);
  });

  it("names a claim by more than its attempt count: a staff retry starts the count again", async () => {
    const { id } = await enqueueMail(db, {
      kind: "contact-reply",
      to: "again@customer.test",
      message: { from: { name: "Shop", address: "shop@shop.test" }, subject: "Re: your question", text: "Yes." },
    });
    const first = heldRelay();
    const late = createOutboxDispatcher({ db, mailer: first.mailer, log: quiet }).drain();
    await vi.waitFor(() => expect(first.handed).toHaveLength(1));
    // The first claim stalls past its lease; the second attempt is refused for good, and staff send the row again.
    await db.execute(sql`update mail_outbox set lease_until = now() - interval '1 second' where id = ${id}`);
    const refusing = heldRelay();
    refusing.answer("refuse");
    await createOutboxDispatcher({ db, mailer: refusing.mailer, log: quiet }).drain();
    expect(await retryFailedMail(db, id)).not.toBeNull();
    const third = heldRelay();
    const sending = createOutboxDispatcher({ db, mailer: third.mailer, log: quiet }).drain();
    await vi.waitFor(() => expect(third.handed).toHaveLength(1));
    // Both the first claim and this one counted one attempt; only this one holds the row, which must
    // not read failed while it is being sent (staff could send it again meanwhile).
    first.answer("refuse");
    await late;
    const [held] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect([held?.status, (held?.leaseUntil?.getTime() ?? 0) > Date.now()]).toEqual(["pending", true]);
    third.answer("take");
    expect(await sending).toBe(1);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect([row?.status, row?.attempts, row?.lastError]).toEqual(["sent", 1, null]);
  });
});

/** A relay that holds every message until `answer`, then takes them all or refuses them all for good (a 550). */
function heldRelay() {
  const handed: string[] = [];
  let answer: (verdict: "take" | "refuse") => void = () => {};
  const answered = new Promise<"take" | "refuse">((resolve) => {
    answer = resolve;
  });
  const mailer: Mailer = {
    kind: "smtp",
    async send(message) {
      const messageId = String(message.messageId);
      handed.push(messageId);
      if ((await answered) === "take") return { messageId, response: "250 OK" };
      throw Object.assign(new Error("550 5.1.1 No such user"), { responseCode: 550, command: "RCPT TO" });
    },
    close() {},
  };
  return { mailer, handed, answer };
}
