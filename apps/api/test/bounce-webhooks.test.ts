import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { call, createTestApp } from "./harness.ts";
import {
  makeSendgridSigner,
  makeSnsSigner,
  sesNotification,
  testCertificateUrl,
  testTopicArn,
} from "./webhook-signing.ts";

const webhookToken = "bounce-webhook-token-0123456789";
const postmarkUser = "postmark";
const postmarkPassword = "postmark-password-0123";
const sns = makeSnsSigner();
const sendgrid = makeSendgridSigner();
const fetchCertificate = vi.fn(async (_url: string) => sns.certificatePem);
const confirmSubscription = vi.fn(async (_url: string) => {});

const { app } = await createTestApp({
  config: {
    BOUNCE_WEBHOOK_TOKEN: webhookToken,
    SENDGRID_WEBHOOK_PUBLIC_KEY: sendgrid.publicKeyBase64,
    POSTMARK_WEBHOOK_USER: postmarkUser,
    POSTMARK_WEBHOOK_PASSWORD: postmarkPassword,
    SES_SNS_TOPIC_ARNS: testTopicArn,
  },
  snsNetwork: { fetchCertificate, confirmSubscription },
});

let counter = 0;
/** A subscribed address of its own for each test. */
async function subscriber(): Promise<string> {
  counter += 1;
  const email = `reader-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await app.db.execute(sql`insert into subscribers (id, email, status, source)
    values (uuid_v7(), ${email}, 'subscribed', 'admin')`);
  return email;
}
const statusOf = async (email: string) =>
  (await queryRows<{ status: string }>(app.db, sql`select status from subscribers where email = ${email}`))[0]?.status;
const eventsOf = async (email: string) =>
  queryRows<{ kind: string; source: string; reason: string }>(
    app.db,
    sql`select kind, source, reason from delivery_events where email = ${email}`,
  );

/** Refused and nothing recorded: the subscriber is still subscribed and no event was written. */
async function expectRefused(
  response: { status: number } | { statusCode: number },
  email: string,
  status: number | number[] = [401, 403],
) {
  expect([status].flat()).toContain("status" in response ? response.status : response.statusCode);
  expect(await statusOf(email)).toBe("subscribed");
  expect(await eventsOf(email)).toEqual([]);
}

describe("POST /api/bounces (generic, bearer token)", () => {
  const post = (body: object, token?: string) => call(app, { method: "POST", url: "/api/bounces", body, token });

  it("bounces a subscriber on a hard bounce and unsubscribes one who complained", async () => {
    const gone = await subscriber();
    const angry = await subscriber();
    const hard = await post({ email: gone, kind: "hard", reason: "550 5.1.1 user unknown" }, webhookToken);
    expect(hard.status, hard.text).toBe(200);
    expect(await statusOf(gone)).toBe("bounced");
    expect(await eventsOf(gone)).toEqual([
      { kind: "hard", source: "webhook:generic", reason: "550 5.1.1 user unknown" },
    ]);
    expect((await post({ email: angry.toUpperCase(), kind: "complaint", reason: "" }, webhookToken)).status).toBe(200);
    expect(await statusOf(angry)).toBe("unsubscribed");
  });

  it("refuses a wrong or missing token with 401 and records nothing", async () => {
    const email = await subscriber();
    await expectRefused(await post({ email, kind: "hard", reason: "x" }, `${webhookToken}x`), email, 401);
    await expectRefused(await post({ email, kind: "hard", reason: "x" }), email, 401);
  });

  it("answers a bad body, or one with keys it does not know, with 400 once the token is right", async () => {
    const response = await post({ email: "not-an-address", kind: "lost", reason: "x" }, webhookToken);
    expect(response.status).toBe(400);
    const email = await subscriber();
    const smuggled = await post(
      { email, kind: "hard", reason: "x", status: "subscribed", source: "smtp" },
      webhookToken,
    );
    expect(smuggled.status).toBe(400);
    expect(Object.keys(smuggled.body.errors ?? {})).toEqual(expect.arrayContaining(["status", "source"]));
    expect(await statusOf(email)).toBe("subscribed");
  });
});

describe("POST /api/bounces/sendgrid (ECDSA-signed event webhook)", () => {
  const now = () => String(Math.floor(Date.now() / 1000));
  const send = (payload: string, headers: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: "/api/bounces/sendgrid",
      payload,
      headers: { "content-type": "application/json", ...headers },
    });
  const signed = (payload: string, timestamp = now()) => ({
    "x-twilio-email-event-webhook-signature": sendgrid.sign(payload, timestamp),
    "x-twilio-email-event-webhook-timestamp": timestamp,
  });
  const batch = (email: string) =>
    `[{"email":"${email}","event":"bounce","type":"bounce","status":"5.1.1","reason":"user unknown","sg_event_id":"e1"},` +
    `{"email":"other@example.com","event":"delivered"}]`;

  it("takes a correctly signed batch and bounces the subscriber", async () => {
    const email = await subscriber();
    const payload = batch(email);
    const response = await send(payload, signed(payload));
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(email)).toBe("bounced");
    expect(await eventsOf(email)).toEqual([{ kind: "hard", source: "webhook:sendgrid", reason: "5.1.1 user unknown" }]);
  });

  it("refuses a tampered body, a tampered signature, a timestamp older than 10 minutes and no signature", async () => {
    const email = await subscriber();
    const payload = batch(email);
    const headers = signed(payload);
    await expectRefused(await send(payload.replace("other@", "another@"), headers), email);
    const signature = Buffer.from(headers["x-twilio-email-event-webhook-signature"], "base64");
    signature[8] = (signature[8] ?? 0) ^ 1;
    await expectRefused(
      await send(payload, { ...headers, "x-twilio-email-event-webhook-signature": signature.toString("base64") }),
      email,
    );
    const old = String(Math.floor(Date.now() / 1000) - 11 * 60);
    await expectRefused(await send(payload, signed(payload, old)), email);
    await expectRefused(await send(payload, {}), email);
  });
});

describe("POST /api/bounces/ses (SES through SNS)", () => {
  const post = (message: object) =>
    app.inject({
      method: "POST",
      url: "/api/bounces/ses",
      payload: JSON.stringify(message),
      // SNS posts its JSON as text/plain.
      headers: { "content-type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification" },
    });
  const bounce = (email: string) => ({
    notificationType: "Bounce",
    bounce: {
      bounceType: "Permanent",
      bounceSubType: "General",
      bouncedRecipients: [{ emailAddress: email, diagnosticCode: "smtp; 550 5.1.1 user unknown" }],
    },
    mail: { messageId: "m1", destination: [email] },
  });

  it("takes a correctly signed bounce and a complaint, fetching Amazon's certificate once", async () => {
    const gone = await subscriber();
    const angry = await subscriber();
    const response = await post(sns.sign(sesNotification(bounce(gone))));
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(gone)).toBe("bounced");
    const complaint = {
      notificationType: "Complaint",
      complaint: { complainedRecipients: [{ emailAddress: angry }], complaintFeedbackType: "abuse" },
    };
    expect((await post(sns.sign(sesNotification(complaint, { SignatureVersion: "1" })))).statusCode).toBe(200);
    expect(await statusOf(angry)).toBe("unsubscribed");
    expect(fetchCertificate.mock.calls.map(([url]) => url)).toEqual([testCertificateUrl]);
  });

  it("refuses a tampered message or signature and records nothing", async () => {
    const email = await subscriber();
    const message = sns.sign(sesNotification(bounce("someone-else@example.com")));
    await expectRefused(await post({ ...message, Message: JSON.stringify(bounce(email)) }), email);
    const signed = sns.sign(sesNotification(bounce(email)));
    await expectRefused(await post({ ...signed, Signature: sns.sign(sesNotification({})).Signature }), email);
    await expectRefused(await post(makeSnsSigner().sign(sesNotification(bounce(email)))), email);
  });

  it("refuses a certificate URL off Amazon's SNS host without fetching it", async () => {
    const email = await subscriber();
    fetchCertificate.mockClear();
    const message = sns.sign(sesNotification(bounce(email), { SigningCertURL: "https://attacker.example/cert.pem" }));
    await expectRefused(await post(message), email);
    expect(fetchCertificate).not.toHaveBeenCalled();
  });

  it("refuses a topic that is not on SES_SNS_TOPIC_ARNS", async () => {
    const email = await subscriber();
    const message = sns.sign(sesNotification(bounce(email), { TopicArn: "arn:aws:sns:eu-west-1:999999999999:theirs" }));
    await expectRefused(await post(message), email, 403);
  });

  it("confirms a signed subscription on Amazon's host, and nothing else", async () => {
    const subscribeUrl = "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=x&Token=abc";
    const confirmation = (url: string) =>
      sns.sign({
        ...sesNotification({}),
        Type: "SubscriptionConfirmation",
        Message: "You have chosen to subscribe to the topic",
        SubscribeURL: url,
        Token: "abc",
      });
    confirmSubscription.mockClear();
    expect((await post(confirmation(subscribeUrl))).statusCode).toBe(200);
    expect(confirmSubscription.mock.calls).toEqual([[subscribeUrl]]);
    const offHost = await post(confirmation("https://attacker.example/confirm"));
    expect([401, 403]).toContain(offHost.statusCode);
    const tampered = { ...confirmation(subscribeUrl), SubscribeURL: "https://sns.eu-west-1.amazonaws.com/?other" };
    expect([401, 403]).toContain((await post(tampered)).statusCode);
    expect(confirmSubscription).toHaveBeenCalledTimes(1);
  });
});

describe("POST /api/bounces/postmark (basic credentials)", () => {
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
  const post = (body: object, authorization?: string) =>
    call(app, {
      method: "POST",
      url: "/api/bounces/postmark",
      body,
      ...(authorization && { headers: { authorization } }),
    });
  const hardBounce = (email: string) => ({
    RecordType: "Bounce",
    Type: "HardBounce",
    TypeCode: 1,
    Email: email,
    Description: "The server was unable to deliver your message",
    Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist",
  });

  it("takes a bounce and a spam complaint with the right credentials", async () => {
    const gone = await subscriber();
    const angry = await subscriber();
    const response = await post(hardBounce(gone), basic(postmarkUser, postmarkPassword));
    expect(response.status, response.text).toBe(200);
    expect(await statusOf(gone)).toBe("bounced");
    const complaint = { RecordType: "SpamComplaint", Type: "SpamComplaint", TypeCode: 100001, Email: angry };
    expect((await post(complaint, basic(postmarkUser, postmarkPassword))).status).toBe(200);
    expect(await statusOf(angry)).toBe("unsubscribed");
  });

  it("records a bounce whose details run past 1,000 characters, cut to that length", async () => {
    const email = await subscriber();
    const long = { ...hardBounce(email), Details: `smtp;550 ${"x".repeat(3_000)}` };
    const response = await post(long, basic(postmarkUser, postmarkPassword));
    expect(response.status, response.text).toBe(200);
    expect(await statusOf(email)).toBe("bounced");
    expect((await eventsOf(email))[0]?.reason).toHaveLength(1_000);
  });

  it("refuses wrong or missing credentials with 401 and records nothing", async () => {
    const email = await subscriber();
    await expectRefused(await post(hardBounce(email), basic(postmarkUser, "wrong-password")), email, 401);
    await expectRefused(await post(hardBounce(email)), email, 401);
  });
});

describe("webhooks whose secret is not configured", () => {
  it("answer 404", async () => {
    const { app: bare } = await createTestApp();
    for (const url of ["/api/bounces", "/api/bounces/sendgrid", "/api/bounces/ses", "/api/bounces/postmark"]) {
      const response = await call(bare, { method: "POST", url, body: {}, token: webhookToken });
      expect(response.status, url).toBe(404);
    }
  });
});
