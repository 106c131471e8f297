import { newsletterCopy } from "@shop/shared/schemas/newsletter";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../src/db/schema/index.ts";
import { freePort } from "./free-port.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { decodedBody, startSmtpSink } from "./smtp-sink.ts";

// A relay that refuses some recipients in its own words; the other port is down until a test starts a sink on it.
const refusing = await startSmtpSink({
  reject: (to) =>
    to.startsWith("denied") ? { code: 554, message: "5.7.1 Relaying denied for this sender" } : undefined,
});
afterAll(() => refusing.close());
const downPort = await freePort();

describe("a test send that the relay refuses", () => {
  const context = createTestApp({ config: { SMTP_URL: refusing.url } });
  // Before the relay closes (afterAll above), which waits for open sessions: the app's pooled one
  // would otherwise idle out first, 30 s of this file.
  afterAll(async () => (await context).app.mailer.close());

  it("answers 502 with the relay's own words, not a generic 500", async () => {
    const { app } = await context;
    const admin = await signIn(app);
    const draft = await call<{ _id: string }>(app, {
      method: "POST",
      url: "/api/compose-mail",
      token: admin,
      body: { subject: "Locks", preheader: "", html: "<p>Hello</p>", audience: { type: "all" } },
    });
    const refused = await call(app, {
      method: "POST",
      url: `/api/compose-mail/${draft.body.data._id}/test`,
      token: admin,
      body: { email: "denied@example.com" },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/5\.7\.1 Relaying denied for this sender/);
  });
});

describe("a double opt-in sign-up while the relay is down", () => {
  const context = createTestApp({
    config: { SMTP_URL: `smtp://127.0.0.1:${downPort}?tls=off`, PUBLIC_URL: "http://shop.test" },
  });

  it("subscribes the visitor as pending, and the confirmation goes from the outbox once the relay is back", async () => {
    const { app, database } = await context;
    const admin = await signIn(app);
    await call(app, { method: "PUT", url: "/api/settings", token: admin, body: { doubleOptIn: true } });
    const signUp = await call(app, {
      method: "POST",
      url: "/api/newsletter/subscriber",
      body: { email: "patient@example.com" },
      ip: "10.8.0.1",
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.message).toBe(newsletterCopy.checkInbox);

    const rows = () => database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "patient@example.com"));
    expect(await app.outbox.drain()).toBe(0);
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED/);
    const back = await startSmtpSink({ port: downPort });
    try {
      await database.db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
      expect(await app.outbox.drain()).toBe(1);
      const mail = back.messages.find((message) => message.to.includes("patient@example.com"));
      expect(decodedBody(mail?.raw ?? "")).toMatch(/http:\/\/shop\.test\/confirm\//);
      expect((await rows())[0]?.status).toBe("sent");
    } finally {
      // The relay waits for open sessions before it closes: the app's pooled one goes first.
      app.mailer.close();
      await back.close();
    }
  });
});
