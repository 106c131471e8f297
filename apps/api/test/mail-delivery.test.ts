import type { MailDeliveryPage, MailDeliverySummary } from "@shop/shared/schemas/mail-delivery";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { activityLogs, mailOutbox } from "../src/db/schema/index.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";
import { startSmtpSink } from "./smtp-sink.ts";

/** The relay refuses these addresses for good (550) or for now (451) until a test lets them through. */
const refusedForGood = new Set<string>();
const refusedForNow = new Set<string>();
const sink = await startSmtpSink({
  reject: (address) =>
    refusedForGood.has(address)
      ? { code: 550, message: "5.1.1 Mailbox unavailable" }
      : refusedForNow.has(address)
        ? { code: 451, message: "4.3.0 Try again later" }
        : undefined,
});
afterAll(() => sink.close());
const { app, database } = await createTestApp({
  config: { PUBLIC_URL: "http://shop.test", MAIL_FROM: "Shop <shop@shop.test>", SMTP_URL: sink.url },
});
const db = database.db;
const admin = await signIn(app);

let visitor = 0;
const nextIp = () => {
  visitor += 1;
  return `10.30.${(visitor >> 8) & 255}.${visitor & 255}`;
};

/** A password reset for a new staff member, mailed through the picky relay; its outbox row. */
async function resetMailFor(refusals: Set<string>) {
  const staff = await createStaff(app, admin, []);
  refusals.add(staff.email);
  const asked = await call(app, {
    method: "POST",
    url: "/api/users/forgot-password",
    body: { email: staff.email },
    ip: nextIp(),
  });
  expect(asked.status).toBe(200);
  await app.outbox.drain();
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, staff.email), eq(mailOutbox.kind, "password-reset")));
  if (!row) throw new Error("no reset mail was written");
  return { email: staff.email, row };
}

const list = (query = "", token = admin) => call<MailDeliveryPage>(app, { url: `/api/mail-delivery${query}`, token });
const retry = (id: string, token = admin) =>
  call(app, { method: "POST", url: `/api/mail-delivery/${id}/retry`, token });
const delivered = (email: string) => sink.messages.filter((m) => m.to.includes(email));

describe("mail delivery", () => {
  it("lists mail the relay refused, with its answer and never its body", async () => {
    const { email, row } = await resetMailFor(refusedForGood);
    expect(row.status).toBe("failed");

    const answer = await list();
    expect(answer.status, answer.text).toBe(200);
    const listed = answer.body.data.mails.find((mail) => mail._id === row.id);
    expect(listed).toMatchObject({
      kind: "password-reset",
      status: "failed",
      to: [email],
      subject: row.message.subject,
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(listed?.lastError).toContain("5.1.1 Mailbox unavailable");
    // The link in the body works for an hour: no part of the body leaves the server.
    const link = /http:\/\/shop\.test\/reset-password\?token=[A-Za-z0-9_-]+/.exec(row.message.text)?.[0];
    expect(link).toBeDefined();
    expect(answer.text).not.toContain(link);
    expect(answer.text).not.toContain("reset-password");
    expect(Object.keys(listed ?? {}).sort()).toEqual(
      ["_id", "attempts", "createdAt", "kind", "lastError", "nextAttemptAt", "status", "subject", "to"].sort(),
    );
  });

  it("lists mail the outbox is retrying by itself apart from failed mail, and counts both", async () => {
    const delivered = await resetMailFor(new Set());
    expect(delivered.row.status).toBe("sent");
    const { row } = await resetMailFor(refusedForNow);
    expect(row.status).toBe("pending");
    const retrying = await list("?status=retrying");
    expect(retrying.body.data.mails.map((mail) => mail._id)).toContain(row.id);
    expect(retrying.body.data.mails.every((mail) => mail.status === "retrying")).toBe(true);
    expect(retrying.body.data.mails.find((mail) => mail._id === row.id)?.nextAttemptAt).not.toBeNull();
    const failed = await list("?status=failed");
    expect((await list()).body.data.mails.map((mail) => mail._id)).not.toContain(delivered.row.id);
    expect(failed.body.data.mails.every((mail) => mail.status === "failed")).toBe(true);
    expect(failed.body.data.mails.map((mail) => mail._id)).not.toContain(row.id);

    const summary = await call<MailDeliverySummary>(app, { url: "/api/mail-delivery/summary", token: admin });
    expect(summary.status).toBe(200);
    expect(summary.body.data).toEqual({
      failed: failed.body.data.pagination.totalMails,
      retrying: retrying.body.data.pagination.totalMails,
    });
    expect(summary.body.data.retrying).toBeGreaterThanOrEqual(1);
    // Sent mail is not trouble.
    expect((await list()).body.data.pagination.totalMails).toBe(summary.body.data.failed + summary.body.data.retrying);
  });

  it("sends a failed mail again once the cause is fixed, exactly once, and logs who did it", async () => {
    const { email, row } = await resetMailFor(refusedForGood);
    refusedForGood.delete(email);

    const answer = await retry(row.id);
    expect(answer.status, answer.text).toBe(200);
    await Promise.all([app.outbox.drain(), app.outbox.drain()]);
    await app.outbox.drain();
    expect(delivered(email)).toHaveLength(1);
    expect(delivered(email)[0]?.headers.get("message-id")).toBe(row.message.messageId);
    const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after).toMatchObject({ status: "sent", attempts: 1, lastError: null });

    const again = await retry(row.id);
    expect(again.status).toBe(409);
    await app.outbox.drain();
    expect(delivered(email)).toHaveLength(1);

    const logged = await db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, "Retry mail"), eq(activityLogs.status, "Success")));
    expect(logged.map((entry) => entry.description)).toContain(`Sent the password reset to ${email} again`);
  });

  it("retries a failed mail only once when asked twice at the same moment", async () => {
    const { email, row } = await resetMailFor(refusedForGood);
    refusedForGood.delete(email);
    const answers = await Promise.all([retry(row.id), retry(row.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await app.outbox.drain();
    expect(delivered(email)).toHaveLength(1);
  });

  it("refuses to retry mail the outbox is still retrying by itself, and mail it no longer has", async () => {
    const { row } = await resetMailFor(refusedForNow);
    expect((await retry(row.id)).status).toBe(409);
    expect((await retry("0190a5d0-0000-7000-8000-00000000dead")).status).toBe(404);
  });

  it("is for those who keep the site settings", async () => {
    const { row } = await resetMailFor(refusedForGood);
    const other = await createStaff(app, admin, ["newsletter:view-subscribers", "activitylog:view-activity-logs"]);
    expect((await list("", other.token)).status).toBe(403);
    expect((await call(app, { url: "/api/mail-delivery/summary", token: other.token })).status).toBe(403);
    expect((await retry(row.id, other.token)).status).toBe(403);
    const [still] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(still?.status).toBe("failed");

    const keeper = await createStaff(app, admin, ["settings:update-settings"]);
    expect((await list("", keeper.token)).status).toBe(200);
    expect((await retry(row.id, keeper.token)).status).toBe(200);
  });
});
