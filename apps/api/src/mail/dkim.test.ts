import crypto from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testKey } from "../../test/dkim-test-key.ts";
import { decodedBody, startSmtpSink } from "../../test/smtp-sink.ts";
import { campaignMessage } from "./campaign-message.ts";
import { createDkimSigner } from "./dkim.ts";
import { dkimDnsRecord } from "./dkim-key.ts";
import { compileCampaign } from "./render.ts";
import { createMailer } from "./transport.ts";

const longLine = `A line of ${"x".repeat(1_200)} end`;
const html = `<p>Grüße — Schlösser für jedes Zuhause</p><p>${longLine}</p><pre>\n.dot at the start\n..two dots\n.</pre><p><a href="https://shop.test/locks">Locks</a></p>`;
const compiled = compileCampaign({ html, preheader: "Neu", storeName: "Smart Home Shop" });
const settings = { mailFromName: "Smart Home Shop", mailFromAddress: "news@shop.test" };

function campaignTo(email: string) {
  return campaignMessage(
    { id: "0190aaaa-0000-7000-8000-000000000001", subject: "Schlösser für jedes Zuhause ✓", compiled, linkIds: ["l1"] },
    { id: `r-${email}`, subscriberId: "s1", email },
    { secret: "s".repeat(32), publicUrl: "https://shop.test", settings },
  );
}

const accountMail = (to: string) => ({
  from: { name: "Smart Home Shop", address: "hello@shop.test" },
  to,
  subject: "Passwort zurücksetzen ✓",
  text: `Hallo,\n.a line starting with a dot\n..and two\n.\n${longLine}\n`,
  html: `<p>Grüße</p><p>${longLine}</p>`,
});

const sink = await startSmtpSink();
afterAll(() => sink.close());

describe.each(["rsa", "ed25519"] as const)("DKIM signing with an %s key", (type) => {
  const { key, resolver } = testKey(type);
  const algorithm = type === "rsa" ? "rsa-sha256" : "ed25519-sha256";
  const outboxDir = mkdtempSync(path.join(tmpdir(), "dkim-"));
  const mailer = createMailer({ smtpUrl: sink.url, outboxDir, dkim: key });
  const captured: { campaign: string; account: string } = { campaign: "", account: "" };

  beforeAll(async () => {
    await mailer.send(campaignTo(`campaign-${type}@example.com`));
    await mailer.send(accountMail(`account-${type}@example.com`));
    const find = (to: string) => sink.messages.find((message) => message.to.includes(to))?.raw ?? "";
    captured.campaign = find(`campaign-${type}@example.com`);
    captured.account = find(`account-${type}@example.com`);
  });
  afterAll(async () => {
    await mailer.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it.each(["campaign", "account"] as const)("signs %s mail as received, and it verifies", async (kind) => {
    const raw = captured[kind];
    expect(raw).toMatch(/^DKIM-Signature: /);
    // Every line stays within SMTP's 998 characters, so no relay has to break one (and the signature).
    expect(Math.max(...raw.split("\r\n").map((line) => line.length))).toBeLessThanOrEqual(998);
    // The long line and the dot-leading lines arrive whole.
    const body = decodedBody(raw);
    expect(body).toContain(longLine);
    expect(body).toMatch(kind === "campaign" ? /\n\.dot at the start\r?\n\.\.two dots/ : /\n\.a line starting/);
    const result = await dkimVerify(raw, { resolver });
    const [signature] = result.results;
    expect(signature?.status.result).toBe("pass");
    expect(signature).toMatchObject({ signingDomain: "shop.test", selector: "s2026", algo: algorithm });
  });

  it("fails verification when the body is changed on the way", async () => {
    const tampered = captured.campaign.replace("Locks", "L0cks");
    expect(tampered).not.toBe(captured.campaign);
    const result = await dkimVerify(tampered, { resolver });
    // mailauth reports a body that no longer matches its hash as neutral, with the reason.
    expect(result.results[0]?.status).toMatchObject({ result: "neutral", comment: "body hash did not verify" });
  });

  it("fails verification when a signed header is changed", async () => {
    const tampered = captured.account.replace(/^Subject: .*$/m, "Subject: Something else");
    const result = await dkimVerify(tampered, { resolver });
    expect(result.results[0]?.status.result).toBe("fail");
  });
});

// Bodies at the edges of relaxed body canonicalization (RFC 6376 3.4.4), where a fast path for
// already-clean bodies must give the same hash as the line-by-line rules.
const head = "From: news@shop.test\r\nTo: a@example.com\r\nSubject: Edge\r\nMIME-Version: 1.0\r\n\r\n";
const edgeBodies: [string, string][] = [
  ["clean, one CRLF at the end", "Line one\r\nLine two\r\n"],
  ["clean, no CRLF at the end", "Line one\r\nLine two"],
  ["clean, several CRLFs at the end", "Line one\r\nLine two\r\n\r\n\r\n"],
  ["empty", ""],
  ["only line breaks", "\r\n\r\n"],
  ["only spaces and tabs", "  \t \r\n\t\r\n"],
  ["trailing spaces on a line", "Line one   \r\nLine two \r\n"],
  ["trailing spaces, no CRLF at the end", "Line one\r\nLine two  "],
  ["tabs inside and at the end", "a\tb\t\t c\r\nd\t\r\n"],
  ["runs of spaces inside", "a  b     c\r\n d\r\n"],
  ["spaces and a tab opening the first line", "  \tfirst\r\nsecond\r\n"],
  ["a dirty line between clean ones", "clean\r\nx \t y \r\nclean\r\n"],
  ["a line of spaces before the end", "Line\r\n   \r\n"],
  ["clean after a dirty line", `a  b\r\n${"clean line\r\n".repeat(50)}`],
  ["dot-leading and long lines", `.one\r\n..two\r\n${"y".repeat(1_200)}\r\n.\r\n`],
  ["bare LF line endings", "Line one \nLine two\n\n"],
  ["a lone CR and a lone LF among CRLFs", "One\r\nTwo\rThree\nFour\r\n"],
];

describe.each(["rsa", "ed25519"] as const)("relaxed body canonicalization, %s", (type) => {
  const { key, resolver } = testKey(type);
  const sign = createDkimSigner(key, crypto);
  it.each(edgeBodies)("a body %s verifies", async (_name, body) => {
    const result = await dkimVerify(sign(head + body), { resolver });
    expect(result.results[0]?.status.result).toBe("pass");
  });
});

describe("the DNS record to publish", () => {
  it("is the selector's _domainkey name with the public key, never the private one", () => {
    const { key } = testKey("rsa");
    const record = dkimDnsRecord(key);
    expect(record.name).toBe("s2026._domainkey.shop.test");
    expect(record.value).toMatch(/^v=DKIM1; k=rsa; p=MII[A-Za-z0-9+/=]+$/);
    expect(record.value).not.toContain(key.privateKey.split("\n")[1]);
    expect(dkimDnsRecord(testKey("ed25519").key).value).toMatch(/^v=DKIM1; k=ed25519; p=[A-Za-z0-9+/]{43}=$/);
  });
});
