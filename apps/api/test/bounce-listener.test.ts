import type { FunnelDto } from "@shop/shared/schemas/campaigns";
import nodemailer from "nodemailer";
import { afterAll, describe, expect, it } from "vitest";
import { startBounceListener } from "../src/inbound/bounce-listener.ts";
import { verpAddress } from "../src/mail/verp.ts";
import { isSuppressed } from "../src/modules/newsletter/suppressions.ts";
import { arfComplaint, gmailDelayDsn, postfixDsn, qmailBounce } from "./bounce-fixtures.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";

const { app, admin, linkSecret, signUp, find, sendCampaign } = await startCampaignRig({
  bounceDomain: "bounces.shop.test",
});
const listener = await startBounceListener(app, {
  port: 0,
  host: "127.0.0.1",
  secret: linkSecret,
  maxBytes: 100_000,
  batchMs: 50,
});
afterAll(() => listener.close());

/** A real SMTP client, as a receiving server returning a report would be. */
const client = nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true });
afterAll(() => client.close());
const deliver = (to: string, raw: string) => client.sendMail({ envelope: { from: "", to }, raw });

const statusOf = async (email: string) => (await find(email))?.status;
async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("not within time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
async function campaign(): Promise<{ id: string; sent: { to: string; returnPath: string; unsubscribe: string }[] }> {
  const { id, messages } = await sendCampaign();
  return {
    id,
    sent: messages.map((m) => ({
      to: m.to[0] ?? "",
      returnPath: m.from,
      unsubscribe: /<mailto:([^?<>]+)\?subject=unsubscribe>/.exec(m.headers.get("list-unsubscribe") ?? "")?.[1] ?? "",
    })),
  };
}

async function deleteHistory(id: string): Promise<void> {
  const deleted = await call(app, { method: "DELETE", url: `/api/emailhistory/${id}`, token: admin });
  expect(deleted.status).toBe(200);
}

/** Sends a campaign to everyone subscribed and deletes its history; answers the messages sent. */
async function campaignThenHistoryDeleted() {
  const { id, sent } = await campaign();
  await deleteHistory(id);
  return sent;
}

async function deleteSubscriber(email: string): Promise<void> {
  const deleted = await call(app, {
    method: "DELETE",
    url: `/api/newsletter/delete-subscriber/${(await find(email))?._id}`,
    token: admin,
  });
  expect(deleted.status).toBe(200);
}

/** A person's mail to the List-Unsubscribe mailto address, as their mail client writes it. */
const mailUnsubscribe = (from: string, to = "") => client.sendMail({ from, to, subject: "unsubscribe", text: "" });

const people = ["ann@example.com", "bob@example.com", "cy@example.com", "dee@example.com", "eve@example.com"];
for (const email of people) await signUp(email);
const first = await campaign();
const to = (email: string) => first.sent.find((m) => m.to === email) ?? { to: "", returnPath: "", unsubscribe: "" };

describe("the bounce listener", () => {
  it("is sent each message with the recipient's bounce address on BOUNCE_DOMAIN", () => {
    expect(first.sent.map((m) => m.to).sort()).toEqual(people);
    for (const m of first.sent) {
      expect(m.returnPath).toMatch(/^bounces\+[a-z2-7]{42}@bounces\.shop\.test$/);
      expect(m.unsubscribe).toMatch(/^unsubscribe\+[a-z2-7]{42}@bounces\.shop\.test$/);
    }
  });

  it("a Postfix DSN bounces one recipient and a feedback report unsubscribes another, within seconds; the report counts both and the next campaign skips both", async () => {
    const ann = to("ann@example.com");
    const bob = to("bob@example.com");
    const started = Date.now();
    const [dsn, arf] = await Promise.all([
      deliver(ann.returnPath, postfixDsn({ returnPath: ann.returnPath, recipient: ann.to })),
      deliver(bob.returnPath, arfComplaint({ returnPath: bob.returnPath, recipient: bob.to })),
    ]);
    expect(dsn.response).toMatch(/^250/);
    expect(arf.response).toMatch(/^250/);
    await eventually(async () => (await statusOf("ann@example.com")) === "bounced");
    await eventually(async () => (await statusOf("bob@example.com")) === "unsubscribed");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await isSuppressed(app.db, "ann@example.com")).toBe(true);
    expect(await isSuppressed(app.db, "bob@example.com")).toBe(true);

    const funnel = await call<FunnelDto>(app, {
      url: `/api/emailhistory/stats/funnel?campaignId=${first.id}`,
      token: admin,
    });
    expect(funnel.body.data).toMatchObject({ sent: 5, delivered: 4, bounced: 1, complained: 1 });
    expect(funnel.body.data.rates).toMatchObject({ bounce: 20, complaint: 25 });
    // The campaign's own page counts them too.
    const detail = await call<{ counts: Record<string, number> }>(app, {
      url: `/api/emailhistory/${first.id}`,
      token: admin,
    });
    expect(detail.body.data.counts).toMatchObject({ sent: 4, bounced: 1, complained: 1 });

    const next = await campaign();
    expect(next.sent.map((m) => m.to).sort()).toEqual(["cy@example.com", "dee@example.com", "eve@example.com"]);
  });

  it("counts soft bounces a campaign at a time: three reports about one message are one, the third campaign's bounces the subscriber", async () => {
    const cy = to("cy@example.com");
    const overQuota = (returnPath: string) =>
      gmailDelayDsn({ returnPath, recipient: cy.to })
        .replace("Action: delayed", "Action: failed")
        .replace("** Message not delivered yet **", "** Message not delivered **");
    for (let n = 1; n <= 3; n += 1) {
      expect((await deliver(cy.returnPath, overQuota(cy.returnPath))).response).toMatch(/^250/);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf("cy@example.com")).toBe("subscribed");
    for (const later of [await campaign(), await campaign()]) {
      const sent = later.sent.find((m) => m.to === cy.to);
      await deliver(sent?.returnPath ?? "", overQuota(sent?.returnPath ?? ""));
    }
    await eventually(async () => (await statusOf("cy@example.com")) === "bounced");
  });

  it("answers a message it cannot read with a permanent 554, so the sender does not retry it for days", async () => {
    const dee = to("dee@example.com");
    const parts = Array.from({ length: 1_100 }, (_, n) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${n}\r\n`).join(
      "",
    );
    const unreadable = `From: mailer-daemon@example.net\r\nTo: ${dee.returnPath}\r\nSubject: Undeliverable\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${parts}--b--\r\n`;
    const refused = await deliver(dee.returnPath, unreadable).catch((error: { responseCode?: number }) => error);
    expect(refused).toMatchObject({ responseCode: 554 });
    expect(await statusOf("dee@example.com")).toBe("subscribed");
  });

  it("reads a plain-text bounce from an older server (qmail)", async () => {
    const eve = to("eve@example.com");
    await deliver(eve.returnPath, qmailBounce({ returnPath: eve.returnPath, recipient: eve.to }));
    await eventually(async () => (await statusOf("eve@example.com")) === "bounced");
  });

  it("a message to the List-Unsubscribe mailto address unsubscribes that recipient", async () => {
    const dee = to("dee@example.com");
    const sent = await nodemailer
      .createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true })
      .sendMail({ from: "dee@example.com", to: dee.unsubscribe, subject: "unsubscribe", text: "" });
    expect(sent.response).toMatch(/^250/);
    await eventually(async () => (await statusOf("dee@example.com")) === "unsubscribed");
    expect(await isSuppressed(app.db, "dee@example.com")).toBe(true);
  });

  it("refuses a forged or unknown address at RCPT with 550, and an oversized message", async () => {
    const ann = to("ann@example.com");
    const token = /^bounces\+([a-z2-7]+)@/.exec(ann.returnPath)?.[1] ?? "";
    // One character of the HMAC changed, and the last one's unused bits set (another spelling of it).
    const changed = (at: number, to: (c: string) => string) =>
      `${token.slice(0, at)}${to(token.charAt(at))}${token.slice(at + 1)}`;
    const flipped = changed(30, (c) => (c === "a" ? "b" : "a"));
    const respelled = changed(41, (c) =>
      "abcdefghijklmnopqrstuvwxyz234567".charAt(("abcdefghijklmnopqrstuvwxyz234567".indexOf(c) + 1) % 32),
    );
    const recipientId = "0190f000-0000-7000-8000-000000000001";
    const forged = [
      `bounces+${flipped}@bounces.shop.test`,
      `bounces+${respelled}@bounces.shop.test`,
      // Signed with another key, or for the other purpose: the HMAC does not match.
      verpAddress("another-secret-of-enough-length-000000", "bounces", recipientId, "bounces.shop.test"),
      ann.unsubscribe.replace(/^unsubscribe\+/, "bounces+"),
      // Well signed, but no such campaign recipient.
      verpAddress(linkSecret, "bounces", recipientId, "bounces.shop.test"),
      "postmaster@bounces.shop.test",
    ];
    for (const address of forged) {
      const refused = await deliver(address, postfixDsn({ returnPath: address, recipient: "ann@example.com" })).catch(
        (error: { responseCode?: number; command?: string }) => error,
      );
      expect(refused).toMatchObject({ responseCode: 550, command: "RCPT TO" });
    }
    const big = await deliver(
      to("cy@example.com").returnPath,
      postfixDsn({ returnPath: ann.returnPath, recipient: "cy@example.com" }) + "x".repeat(120_000),
    ).catch((error: { responseCode?: number }) => error);
    expect(big).toMatchObject({ responseCode: 552 });
  });

  it("a message to the List-Unsubscribe mailto address of someone deleted since keeps the address off later imports", async () => {
    await signUp("fay@example.com");
    const fay = (await campaign()).sent.find((m) => m.to === "fay@example.com");
    await deleteSubscriber("fay@example.com");
    const sent = await mailUnsubscribe("fay@example.com", fay?.unsubscribe);
    expect(sent.response).toMatch(/^250/);
    expect(await isSuppressed(app.db, "fay@example.com")).toBe(true);
  });

  it("a message to the List-Unsubscribe mailto address of a campaign whose history was deleted unsubscribes that recipient", async () => {
    await signUp("gus@example.com");
    const gus = (await campaignThenHistoryDeleted()).find((m) => m.to === "gus@example.com");
    const sent = await mailUnsubscribe("gus@example.com", gus?.unsubscribe);
    expect(sent.response).toMatch(/^250/);
    expect(await statusOf("gus@example.com")).toBe("unsubscribed");
    expect(await isSuppressed(app.db, "gus@example.com")).toBe(true);
  });

  it("a message to the List-Unsubscribe mailto address of someone deleted, from a campaign whose history was deleted too, keeps the address off later imports", async () => {
    await signUp("ivy@example.com");
    const { id, sent } = await campaign();
    const ivy = sent.find((m) => m.to === "ivy@example.com");
    await deleteSubscriber("ivy@example.com");
    await deleteHistory(id);
    const unsubscribed = await mailUnsubscribe("ivy@example.com", ivy?.unsubscribe);
    expect(unsubscribed.response).toMatch(/^250/);
    expect(await isSuppressed(app.db, "ivy@example.com")).toBe(true);
  });

  it("a DSN's hard bounce about a campaign whose history was deleted bounces the subscriber and suppresses the address", async () => {
    await signUp("hal@example.com");
    const hal = (await campaignThenHistoryDeleted()).find((m) => m.to === "hal@example.com");
    const returnPath = hal?.returnPath ?? "";
    const dsn = await deliver(returnPath, postfixDsn({ returnPath, recipient: "hal@example.com" }));
    expect(dsn.response).toMatch(/^250/);
    await eventually(async () => (await statusOf("hal@example.com")) === "bounced");
    expect(await isSuppressed(app.db, "hal@example.com")).toBe(true);
  });
});
