import { encode, wrap } from "nodemailer/lib/qp";
import { describe, expect, it } from "vitest";
import { rawTemplate, renderRaw } from "./raw-message.ts";
import { compileCampaign, fill, type RecipientUrls } from "./render.ts";

/** Quoted-printable decoding as a mail client does it: drop soft breaks, then turn =XX into bytes. */
function decodeQp(body: string): string {
  const joined = body.replace(/=\r\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=") {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  // A hard line break in quoted-printable is the canonical CRLF: the client shows a line break.
  return Buffer.from(bytes).toString("utf8").replace(/\r\n/g, "\n");
}

const compiled = compileCampaign({
  html: '<h1>Grüße, {{email}}!</h1><p>50% = half; see <a href="https://shop.test/locks?a=1&amp;b=2">our locks</a>.</p><p><a href="{{unsubscribe_url}}">Leave</a></p>',
  preheader: "Neue Schlösser — jetzt",
  storeName: "Smart Home Shop",
});
const urls: RecipientUrls = {
  email: "o'brien+test@example.com",
  unsubscribeUrl: `https://shop.test/unsubscribe/${"x".repeat(150)}`,
  pixelUrl: "https://shop.test/t/o/abc.def",
  linkUrl: (index) => `https://shop.test/t/c/link${index}.${"s".repeat(90)}`,
};
const template = rawTemplate({
  compiled,
  subject: "Schlösser für jedes Zuhause",
  campaignId: "0190aaaa-0000-7000-8000-000000000001",
  fromName: "Smart Home Shop",
  fromAddress: "news@shop.test",
});
const raw = renderRaw(
  template,
  {
    to: urls.email,
    messageId: "<r1@shop.test>",
    listUnsubscribe: `<${urls.unsubscribeUrl}>,\r\n <mailto:news@shop.test?subject=unsubscribe>`,
    date: new Date("2026-11-22T10:00:00Z"),
    email: urls.email,
    unsubscribeUrl: urls.unsubscribeUrl,
    pixelUrl: urls.pixelUrl,
    linkUrls: compiled.links.map((_, index) => urls.linkUrl(index)),
  },
  { encode, wrap },
);

function bodyOf(type: string): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  const from = raw.indexOf("\r\n\r\n", start) + 4;
  return raw.slice(from, raw.indexOf(`\r\n--${template.boundary}`, from));
}

describe("a campaign message built without nodemailer's compile", () => {
  it("decodes to exactly what the renderer fills in, for both parts", () => {
    expect(decodeQp(bodyOf("text/html"))).toBe(fill(compiled.htmlParts, urls, true));
    expect(decodeQp(bodyOf("text/plain"))).toBe(fill(compiled.textParts, urls, false));
  });

  it("keeps body lines within 76 characters, header lines within 998, and every line break CRLF", () => {
    // A signed URL in a header cannot be folded (no spaces): RFC 5322 only forbids lines over 998.
    const [head = "", ...rest] = raw.split("\r\n\r\n");
    expect(head.split("\r\n").filter((line) => line.length > 998)).toEqual([]);
    const bodyLines = rest.join("\r\n\r\n").split("\r\n");
    expect(bodyLines.filter((line) => line.length > 76).map((line) => `${line.length}: ${line}`)).toEqual([]);
    expect(raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("encodes a non-ASCII subject and carries the recipient's own headers", () => {
    expect(raw).toMatch(/^Subject: =\?UTF-8\?Q\?/m);
    expect(raw).toContain("Message-ID: <r1@shop.test>\r\n");
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    expect(raw).toContain(`To: ${urls.email}\r\n`);
  });

  it("never lets a line break in the subject or sender name start a header", () => {
    const hostile = rawTemplate({
      compiled,
      subject: "Hi\r\nBcc: victim@example.com",
      campaignId: "c",
      fromName: "Shop\nX-Injected: 1",
      fromAddress: "news@shop.test",
    });
    expect(hostile.head).not.toMatch(/^(Bcc|X-Injected):/m);
  });
});
