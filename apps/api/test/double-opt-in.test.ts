import { copy } from "@shop/shared/copy";
import { newsletterCopy, type SubscriberDto } from "@shop/shared/schemas/newsletter";
import { afterAll, describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";
import { decodedBody, startSmtpSink } from "./smtp-sink.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());
const { app } = await createTestApp({ config: { SMTP_URL: sink.url, PUBLIC_URL: "http://shop.test" } });
const admin = await signIn(app);

let visitor = 0;
const signUp = (email: string) =>
  call(app, { method: "POST", url: "/api/newsletter/subscriber", body: { email }, ip: `10.9.0.${++visitor}` });

async function statusOf(email: string): Promise<string | undefined> {
  const found = await call<{ subscribers: SubscriberDto[] }>(app, {
    url: `/api/newsletter/get-all-subscriber?search=${encodeURIComponent(email)}`,
    token: admin,
  });
  return found.body.data.subscribers[0]?.status;
}

const setDoubleOptIn = async (doubleOptIn: boolean) =>
  expect((await call(app, { method: "PUT", url: "/api/settings", token: admin, body: { doubleOptIn } })).status).toBe(
    200,
  );

describe("double opt-in", () => {
  it("subscribes at once while it is off, then, once staff switch it on, asks the new address to confirm by email", async () => {
    // The first sign-up also puts the settings in the process's cache: switching double opt-in on
    // must reach the very next sign-up all the same.
    const before = await signUp("straight@example.com");
    expect(before.body.message).toBe(copy.storefront.subscribed);
    expect(before.body.data).toEqual({ confirmationRequired: false });
    expect(await statusOf("straight@example.com")).toBe("subscribed");

    await setDoubleOptIn(true);
    const pending = await signUp("careful@example.com");
    expect(pending.status).toBe(200);
    expect(pending.body.message).toBe(newsletterCopy.checkInbox);
    expect(pending.body.data).toEqual({ confirmationRequired: true });
    expect(await statusOf("careful@example.com")).toBe("pending");
    // The confirmation goes through the outbox (it is retried there when the relay is down).
    await app.outbox.drain();

    const mail = sink.messages.find((message) => message.to.includes("careful@example.com"));
    expect(mail).toBeDefined();
    const link = /http:\/\/shop\.test(\/confirm\/[^\s"<]+)/.exec(decodedBody(mail?.raw ?? ""))?.[1];
    expect(link).toBeDefined();
    // The link shows a page; its button confirms (a mail scanner's GET must not).
    expect((await app.inject({ url: link ?? "" })).body).toContain('<form method="post">');
    const confirmed = await app.inject({ method: "POST", url: link ?? "" });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(newsletterCopy.confirmed);
    expect(await statusOf("careful@example.com")).toBe("subscribed");

    await setDoubleOptIn(false);
    expect((await signUp("later@example.com")).body.message).toBe(copy.storefront.subscribed);
    expect(await statusOf("later@example.com")).toBe("subscribed");
    expect(sink.messages.filter((message) => message.to.includes("later@example.com"))).toHaveLength(0);
  });
});
