import type { ContactDetailDto } from "@shop/shared/schemas/contact-threads";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { mailOutbox, type OutboxKind, type OutboxStatus } from "../src/db/schema/index.ts";
import { enqueueMail } from "../src/mail/outbox.ts";
import { createOutboxDispatcher } from "../src/mail/outbox-dispatcher.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { startSmtpSink } from "./smtp-sink.ts";

/**
 * Retention of the account-mail outbox (decision 009): sent mail nothing refers to goes 30 days after
 * it was sent, mail that failed for good 90 days after it was written; pending and leased rows, and
 * every row of a contact that still exists, stay. The dispatcher prunes when it starts (and hourly).
 */

const sink = await startSmtpSink();
afterAll(() => sink.close());
const { app, database } = await createTestApp({
  config: { SMTP_URL: sink.url, MAIL_FROM: "Shop <shop@shop.test>", PUBLIC_URL: "http://shop.test" },
});
const db = database.db;
const admin = await signIn(app);

let serial = 0;
type Age = { status: OutboxStatus; createdDaysAgo: number; sentDaysAgo?: number; leased?: boolean };

/** An outbox row as the dispatcher leaves it, moved back in time. */
async function mail(kind: OutboxKind, age: Age): Promise<string> {
  serial += 1;
  const { id } = await enqueueMail(db, {
    kind,
    to: `${kind}-${serial}@example.com`,
    message: {
      from: { name: "Shop", address: "shop@shop.test" },
      subject: "Reset your password",
      text: `http://shop.test/reset-password?token=secret-${serial}`,
    },
  });
  await setAge([id], age);
  return id;
}

async function setAge(ids: string[], age: Age): Promise<void> {
  const created = sql`now() - make_interval(days => ${age.createdDaysAgo})`;
  const sent = age.sentDaysAgo === undefined ? sql`null` : sql`now() - make_interval(days => ${age.sentDaysAgo})`;
  // A pending row waits for a retry in an hour (the dispatcher must not send it here); a leased one is
  // due but in another process's hands for two more minutes.
  const next =
    age.status === "pending" && !age.leased ? sql`now() + interval '1 hour'` : sql`coalesce(${sent}, ${created})`;
  const lease = age.leased ? sql`now() + interval '2 minutes'` : sql`null`;
  await db
    .update(mailOutbox)
    .set({
      status: age.status,
      createdAt: created,
      sentAt: sent,
      nextAttemptAt: next,
      leaseUntil: lease,
      attempts: age.status === "pending" ? 1 : 2,
    })
    .where(inArray(mailOutbox.id, ids));
}

const present = async (ids: string[]) =>
  (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.id, ids))).map((r) => r.id);

/** What a process start does: the dispatcher prunes before its first batch. */
async function startAndStop(): Promise<void> {
  app.outbox.start();
  await app.outbox.stop();
}

describe("sent account mail", () => {
  it("goes 30 days after it was sent; younger mail, and mail sent late after retries, stays", async () => {
    const old = await mail("password-reset", { status: "sent", createdDaysAgo: 31, sentDaysAgo: 31 });
    const oldOptIn = await mail("subscribe-confirmation", { status: "sent", createdDaysAgo: 45, sentDaysAgo: 44 });
    const recent = await mail("password-reset", { status: "sent", createdDaysAgo: 29, sentDaysAgo: 29 });
    const late = await mail("password-reset", { status: "sent", createdDaysAgo: 40, sentDaysAgo: 10 });
    await startAndStop();
    expect((await present([old, oldOptIn, recent, late])).sort()).toEqual([recent, late].sort());
  });
});

describe("mail that failed for good", () => {
  it("stays 90 days after it was written, so staff can still see what failed, then goes", async () => {
    const failed60 = await mail("password-reset", { status: "failed", createdDaysAgo: 60 });
    const failed91 = await mail("subscribe-confirmation", { status: "failed", createdDaysAgo: 91 });
    await startAndStop();
    expect(await present([failed60, failed91])).toEqual([failed60]);
  });
});

describe("mail not yet settled", () => {
  it("is never touched, pending or under a lease, however old", async () => {
    const pending = await mail("password-reset", { status: "pending", createdDaysAgo: 400 });
    const leased = await mail("password-reset", { status: "pending", createdDaysAgo: 400, leased: true });
    await startAndStop();
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [pending, leased]));
    expect(rows.map((r) => [r.id, r.status, r.attempts]).sort()).toEqual(
      [
        [pending, "pending", 1],
        [leased, "pending", 1],
      ].sort(),
    );
  });
});

describe("mail of an enquiry", () => {
  let ip = 0;
  async function enquire(name: string): Promise<string> {
    ip += 1;
    const response = await call<{ _id: string }>(app, {
      method: "POST",
      url: "/api/contacts",
      ip: `198.19.7.${ip}`,
      body: {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
        phone: "0123456789",
        subject: "Product Buy",
        request: "Do you ship to Oslo?",
        messageType: "productRequest",
      },
    });
    if (response.status !== 201) throw new Error(`enquiry failed: ${response.text}`);
    return response.body.data._id;
  }
  const rowsOf = (contactId: string) =>
    db.select().from(mailOutbox).where(eq(mailOutbox.contactId, contactId)).orderBy(mailOutbox.createdAt);

  it("stays while the contact exists: the thread still shows the old reply as sent, and a new reply threads under the confirmation", async () => {
    const id = await enquire("Olga Oldtimer");
    const replied = await call(app, {
      method: "POST",
      url: `/api/contacts/${id}/replies`,
      token: admin,
      body: { body: "Yes." },
    });
    expect(replied.status).toBe(201);
    await app.outbox.drain();
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual(
      [
        ["contact-reply", "sent"],
        ["enquiry-alert", "sent"],
        ["enquiry-confirmation", "sent"],
      ].sort(),
    );
    const alert = rows.find((r) => r.kind === "enquiry-alert");
    const confirmation = rows.find((r) => r.kind === "enquiry-confirmation");
    await setAge(
      rows.filter((r) => r !== alert).map((r) => r.id),
      { status: "sent", createdDaysAgo: 400, sentDaysAgo: 400 },
    );
    await setAge([alert?.id ?? ""], { status: "failed", createdDaysAgo: 400 });

    await startAndStop();
    expect((await present(rows.map((r) => r.id))).sort()).toEqual(rows.map((r) => r.id).sort());
    const thread = await call<ContactDetailDto>(app, { url: `/api/contacts/${id}`, token: admin });
    expect(thread.body.data.conversation.map((entry) => [entry.kind, entry.delivery])).toEqual([
      ["request", undefined],
      ["reply", "sent"],
    ]);
    const before = sink.messages.length;
    await call(app, { method: "POST", url: `/api/contacts/${id}/replies`, token: admin, body: { body: "Again." } });
    await app.outbox.drain();
    const again = sink.messages.slice(before).find((m) => m.headers.get("subject") === "Re: Product Buy");
    expect(again?.headers.get("in-reply-to")).toBe(confirmation?.message.messageId);
  });

  it("goes by the same clock as other account mail once the contact is deleted", async () => {
    const id = await enquire("Gone Gustav");
    await app.outbox.drain();
    const ids = (await rowsOf(id)).map((r) => r.id);
    expect(ids).toHaveLength(2);
    await setAge(ids, { status: "sent", createdDaysAgo: 31, sentDaysAgo: 31 });
    const deleted = await call(app, { method: "DELETE", url: `/api/contacts/${id}`, token: admin });
    expect(deleted.status).toBe(200);
    await startAndStop();
    expect(await present(ids)).toEqual([]);
  });
});

describe("the running dispatcher", () => {
  it("prunes when it starts and then at most hourly, not on every batch", async () => {
    const first = await mail("password-reset", { status: "sent", createdDaysAgo: 31, sentDaysAgo: 31 });
    app.outbox.start();
    try {
      await vi.waitFor(async () => expect(await present([first])).toEqual([]));
      const second = await mail("password-reset", { status: "sent", createdDaysAgo: 31, sentDaysAgo: 31 });
      app.outbox.wake();
      await app.outbox.drain();
      expect(await present([second])).toEqual([second]);
    } finally {
      await app.outbox.stop();
    }
  });
});

describe("a backlog", () => {
  it("goes entirely, in more than one chunk, while several processes prune at once", async () => {
    await db.execute(sql`insert into mail_outbox (id, kind, recipient, message, status, sent_at, created_at, next_attempt_at)
      select gen_random_uuid(), 'password-reset', 'bulk-' || g || '@example.com', '{}'::jsonb, 'sent',
        now() - interval '40 days', now() - interval '40 days', now() - interval '40 days'
      from generate_series(1, 11000) g`);
    const errors: object[] = [];
    const log = { warn() {}, error: (details: object) => errors.push(details) };
    const processes = [1, 2].map(() => createOutboxDispatcher({ db, mailer: app.mailer, log }));
    for (const dispatcher of processes) dispatcher.start();
    await Promise.all(processes.map((dispatcher) => dispatcher.stop()));
    expect(errors).toEqual([]);
    const [left] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`recipient like 'bulk-%'`);
    expect(left?.count).toBe(0);
  });
});
