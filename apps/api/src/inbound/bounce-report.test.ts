import { describe, expect, it } from "vitest";
import { arfComplaint, postfixDsn, qmailBounce } from "../../test/bounce-fixtures.ts";
import { ConfigError } from "../config.ts";
import { loadBounceConfig } from "./bounce-config.ts";
import { readBounceReport } from "./bounce-report.ts";

const returned = { returnPath: "bounces+abc@bounces.shop.test", recipient: "ann@example.com" };

describe("reading what comes back", () => {
  it("a Postfix DSN: failed 5.1.1 is a hard bounce naming the recipient", async () => {
    expect(await readBounceReport(postfixDsn(returned))).toMatchObject({
      kind: "hard",
      source: "dsn",
      finalRecipient: "ann@example.com",
      reason: expect.stringMatching(/^5\.1\.1 550 5\.1\.1 <ann@example\.com>: Recipient address rejected/),
    });
  });

  it("a full mailbox is soft even when the server calls it failed; delivered and relayed are no bounce", async () => {
    const full = postfixDsn(returned).replace("Status: 5.1.1", "Status: 5.2.2");
    expect((await readBounceReport(full))?.kind).toBe("soft");
    const delivered = postfixDsn(returned)
      .replace("Action: failed", "Action: delivered")
      .replace("Status: 5.1.1", "Status: 2.0.0");
    expect(await readBounceReport(delivered)).toBeNull();
  });

  it("a feedback report is a complaint, except not-spam", async () => {
    expect(await readBounceReport(arfComplaint(returned))).toMatchObject({
      kind: "complaint",
      source: "arf",
      reason: "Feedback-Type: abuse (Yahoo!-Mail-Feedback/2.0)",
      finalRecipient: "ann@example.com",
    });
    expect(
      await readBounceReport(arfComplaint(returned).replace("Feedback-Type: abuse", "Feedback-Type: not-spam")),
    ).toBeNull();
  });

  it("a qmail bounce is read from its text; an out-of-office reply is no bounce", async () => {
    expect(await readBounceReport(qmailBounce(returned))).toMatchObject({ kind: "hard", source: "dsn" });
    const away =
      "From: ann@example.com\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\n\r\nI am away until Monday and will reply when I am back.\r\n";
    expect(await readBounceReport(away)).toBeNull();
  });
});

describe("replies that are not bounces", () => {
  const reply = (headers: string, body: string) =>
    `From: Ann Example <ann@example.com>\r\nTo: bounces+abc@bounces.shop.test\r\n${headers}Date: Mon, 25 Nov 2024 08:00:00 +0000\r\n\r\n${body}\r\n`;

  it("an out-of-office reply naming a phone number or a street number is no bounce", async () => {
    const vacation = "Subject: Automatic reply: Our smart locks\r\nAuto-Submitted: auto-replied\r\n";
    expect(
      await readBounceReport(
        reply(vacation, "I am out of the office until Monday. Please call our front desk on 555-0100."),
      ),
    ).toBeNull();
    expect(
      await readBounceReport(reply(vacation, "Our office moved to 450 Park Avenue. I will reply next week.")),
    ).toBeNull();
    expect(
      await readBounceReport(
        reply("Subject: Out of Office\r\nX-Autoreply: yes\r\n", "Away: back 5.1.2025, urgent: 555-0100"),
      ),
    ).toBeNull();
  });

  it("a person writing back to the return address with numbers in the text is no bounce", async () => {
    expect(
      await readBounceReport(
        reply("Subject: Re: Our smart locks\r\n", "Do you ship to 550 Main Street? Call me: 555-0100"),
      ),
    ).toBeNull();
  });

  it("a delay notice is no bounce: the relay is still trying", async () => {
    const delayed = postfixDsn(returned)
      .replace("Action: failed", "Action: delayed")
      .replace("Status: 5.1.1", "Status: 4.4.1");
    expect(await readBounceReport(delayed)).toBeNull();
  });
});

describe("bounce settings", () => {
  it("are off by default, on loopback, and a bad value stops start-up with one line naming it", () => {
    expect(loadBounceConfig({})).toEqual({
      domain: undefined,
      port: undefined,
      host: "127.0.0.1",
      maxBytes: 2_000_000,
    });
    expect(loadBounceConfig({ BOUNCE_SMTP_PORT: "2525", BOUNCE_DOMAIN: "Bounces.Shop.Example" })).toMatchObject({
      port: 2525,
      domain: "bounces.shop.example",
    });
    expect(() => loadBounceConfig({ BOUNCE_SMTP_PORT: "70000" })).toThrow(ConfigError);
    expect(() => loadBounceConfig({ BOUNCE_SMTP_PORT: "70000" })).toThrow(/^Invalid configuration: BOUNCE_SMTP_PORT /);
    expect(() => loadBounceConfig({ BOUNCE_DOMAIN: "not a domain" })).toThrow(
      /^Invalid configuration: BOUNCE_DOMAIN must be a domain/,
    );
  });
});
