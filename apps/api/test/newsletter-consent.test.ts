import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { afterAll, describe, expect, it } from "vitest";
import { signLink } from "../src/lib/signed-links.ts";
import { isSuppressed } from "../src/modules/newsletter/suppressions.ts";
import { testJwtSecret } from "./constants.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { decodedBody, startSmtpSink } from "./smtp-sink.ts";

// Attacks on the public newsletter flows, each by a stranger who knows only someone's address.
const sink = await startSmtpSink();
afterAll(() => sink.close());
const { app } = await createTestApp({ config: { SMTP_URL: sink.url, PUBLIC_URL: "http://shop.test" } });
const admin = await signIn(app);
const linkSecret = `${testJwtSecret}:email-links`;

let visitor = 0;
/** A sign-up from the footer, each from a client address of its own (the per-IP limit is not the point). */
const signUp = (email: string) =>
  call(app, {
    method: "POST",
    url: "/api/newsletter/subscriber",
    body: { email },
    ip: `10.77.${Math.floor(++visitor / 250)}.${visitor % 250}`,
  });

async function subscriber(email: string): Promise<SubscriberDto | undefined> {
  const found = await call<{ subscribers: SubscriberDto[] }>(app, {
    url: `/api/newsletter/get-all-subscriber?search=${encodeURIComponent(email)}`,
    token: admin,
  });
  return found.body.data.subscribers.find((person) => person.email === email);
}

const setDoubleOptIn = async (doubleOptIn: boolean) =>
  expect((await call(app, { method: "PUT", url: "/api/settings", token: admin, body: { doubleOptIn } })).status).toBe(
    200,
  );

/** Subscribes the address and has its owner unsubscribe with the link of a campaign. */
async function leaver(email: string): Promise<string> {
  await signUp(email);
  const id = (await subscriber(email))?._id ?? "";
  const token = signLink(linkSecret, "unsubscribe", { subscriberId: id, campaignId: null });
  expect((await app.inject({ method: "POST", url: `/unsubscribe/${token}` })).statusCode).toBe(200);
  expect((await subscriber(email))?.status).toBe("unsubscribed");
  return id;
}

/** The confirmation emails the address has received so far. */
async function confirmationsTo(email: string): Promise<string[]> {
  await app.outbox.drain();
  return sink.messages
    .filter((message) => message.to.includes(email) && /confirm/i.test(message.headers.get("subject") ?? ""))
    .map((message) => decodedBody(message.raw));
}

describe("a stranger signing up someone who unsubscribed", () => {
  it("never brings them back: they stay unsubscribed and suppressed, and get an email to confirm instead", async () => {
    await leaver("gone@example.com");
    const fresh = await signUp("newcomer@example.com");
    const returning = await signUp("gone@example.com");
    expect(returning.status).toBe(200);
    // The same answer as anyone's: it says nothing of whether the address was known…
    expect(returning.body).toEqual(fresh.body);
    // …and, being the same, it cannot claim a subscription that did not happen.
    expect(returning.body.message).not.toBe("Subscribed successfully!");
    expect((await subscriber("gone@example.com"))?.status).toBe("unsubscribed");
    expect(await isSuppressed(app.db, "gone@example.com")).toBe(true);
    expect(await confirmationsTo("gone@example.com")).toHaveLength(1);
    expect((await subscriber("newcomer@example.com"))?.status).toBe("subscribed");
  });

  it("keeps them unsubscribed with double opt-in on too", async () => {
    await leaver("gone-too@example.com");
    await setDoubleOptIn(true);
    try {
      expect((await signUp("gone-too@example.com")).status).toBe(200);
      expect((await subscriber("gone-too@example.com"))?.status).toBe("unsubscribed");
      expect(await isSuppressed(app.db, "gone-too@example.com")).toBe(true);
      expect(await confirmationsTo("gone-too@example.com")).toHaveLength(1);
    } finally {
      await setDoubleOptIn(false);
    }
  });
});

describe("a stranger signing one address up over and over", () => {
  it("gets it a few confirmation emails a day at most, and every answer the same", async () => {
    await leaver("flooded@example.com");
    await setDoubleOptIn(true);
    try {
      const answers = [];
      for (let i = 0; i < 10; i += 1) answers.push(await signUp(i % 2 ? "flooded@example.com" : "pending@example.com"));
      for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
      expect((await confirmationsTo("flooded@example.com")).length).toBeLessThanOrEqual(3);
      expect((await confirmationsTo("pending@example.com")).length).toBeLessThanOrEqual(3);
      expect(await confirmationsTo("pending@example.com")).not.toHaveLength(0);
    } finally {
      await setDoubleOptIn(false);
    }
  });
});
