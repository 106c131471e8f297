import { randomBytes } from "node:crypto";
import { encodeWord, encodeWords, foldLines } from "nodemailer/lib/mime-funcs";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";
import { escapeHtml } from "../lib/escape-html.ts";
import type { CompiledCampaign } from "./render.ts";

/**
 * The MIME text of a campaign message, built without nodemailer's per-message compile.
 *
 * Profiling showed nodemailer's MIME building (quoted-printable encoding of ~14 kB per recipient in
 * JavaScript, a tree of streams) costing about 25 times the rendering itself. Everything that is the
 * same for every recipient is quoted-printable encoded once per campaign; each message only encodes
 * its few per-recipient strings (addresses, signed URLs) and joins the pieces.
 *
 * Splicing works because a quoted-printable body may break a line anywhere with a soft break ("=" at
 * the end of a line), which decoders remove: each piece is encoded on its own and the pieces are
 * joined by soft breaks, so the decoded body is exactly the concatenation. The boundary contains
 * "=_", which quoted-printable output can never contain, so no body line can be mistaken for it.
 */

type Part = CompiledCampaign["htmlParts"][number];
type EncodedPart = { qp: string; slot?: Part["slot"] };
type Qp = { encode(text: string): string; wrap(text: string, lineLength: number): string };

// Encoded lines stay within 74 characters so a soft break appended after a piece keeps every line
// within the 76 that RFC 2045 allows.
const lineLength = 74;

function encodeStatic(parts: Part[]): EncodedPart[] {
  return parts.map((part) => {
    const text = part.text.replace(/\r?\n/g, "\r\n");
    return { qp: text ? qpWrap(qpEncode(text), lineLength) : "", slot: part.slot };
  });
}

export type RawTemplate = {
  /** Headers that do not depend on the recipient, CRLF-terminated. */
  head: string;
  boundary: string;
  text: EncodedPart[];
  html: EncodedPart[];
};

/** Per-campaign work: the constant headers and both bodies encoded once. */
export function rawTemplate(input: {
  compiled: CompiledCampaign;
  subject: string;
  campaignId: string;
  fromName: string;
  fromAddress: string;
  /** Where replies go; a plain address (campaign-message.ts checks it), or none. */
  replyTo?: string | undefined;
}): RawTemplate {
  // Validation already refuses line breaks; flattening them again means none can ever start a header.
  const flat = (value: string) => value.replace(/[\r\n]+/g, " ");
  const name = flat(input.fromName);
  const encodedName = /^[\w ]*$/.test(name)
    ? name
    : /^[\x20-\x7e]*$/.test(name)
      ? `"${name.replace(/["\\]/g, "\\$&")}"`
      : encodeWord(name, "Q", 52);
  const from = name ? `${encodedName} <${input.fromAddress}>` : input.fromAddress;
  const boundary = `----=_shop_${randomBytes(12).toString("hex")}`;
  const head = [
    foldLines(`From: ${from}`, 76),
    ...(input.replyTo ? [`Reply-To: ${flat(input.replyTo)}`] : []),
    foldLines(`Subject: ${encodeWords(flat(input.subject), "Q", 52, true)}`, 76),
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    `X-Campaign-Id: ${input.campaignId}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative;\r\n boundary="${boundary}"`,
  ]
    .map((line) => `${line}\r\n`)
    .join("");
  return { head, boundary, text: encodeStatic(input.compiled.textParts), html: encodeStatic(input.compiled.htmlParts) };
}

/** Addresses that can go into a header as they are (anything else takes nodemailer's slower path). */
export const plainAddress = /^[\x21-\x7e]+$/;

/** What one recipient adds to the template. All plain ASCII without CR/LF, except `email` (escaped here). */
export type RawRecipient = {
  to: string;
  messageId: string;
  listUnsubscribe: string;
  date: Date;
  email: string;
  unsubscribeUrl: string;
  pixelUrl: string;
  /** Signed click URLs, by the link index of the campaign's slots. */
  linkUrls: string[];
};

/**
 * One recipient's full message, also rendered in the SMTP thread (smtp-thread-entry.ts): `qp` is
 * nodemailer's quoted-printable module.
 */
export function renderRaw(template: RawTemplate, recipient: RawRecipient, qp: Qp): string {
  const softBreak = "=\r\n";
  // Printable ASCII except "=" needs no escaping; per-recipient URLs and most addresses are just that.
  const plain = /^[\x21-\x3c\x3e-\x7e]*$/;
  const encodeValue = (value: string) => {
    if (!plain.test(value)) return qp.wrap(qp.encode(value), lineLength);
    if (value.length <= lineLength) return value;
    let out = value.slice(0, lineLength);
    for (let at = lineLength; at < value.length; at += lineLength) out += softBreak + value.slice(at, at + lineLength);
    return out;
  };
  const fill = (parts: EncodedPart[], html: boolean) => {
    let out = "";
    for (const part of parts) {
      if (part.qp) out += part.qp + softBreak;
      const slot = part.slot;
      if (!slot) continue;
      const value =
        slot.kind === "email"
          ? html
            ? escapeHtml(recipient.email)
            : recipient.email
          : slot.kind === "unsubscribe"
            ? recipient.unsubscribeUrl
            : slot.kind === "pixel"
              ? recipient.pixelUrl
              : (recipient.linkUrls[slot.index] ?? "");
      if (value) out += encodeValue(value) + softBreak;
    }
    // The last soft break joins nothing; drop it so the part ends on its own content.
    return out.endsWith(softBreak) ? out.slice(0, -softBreak.length) : out;
  };
  const part = (type: string) =>
    `--${template.boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;
  return (
    `${template.head}To: ${recipient.to}\r\nMessage-ID: ${recipient.messageId}\r\n` +
    `Date: ${recipient.date.toUTCString().replace(/GMT/, "+0000")}\r\n` +
    `List-Unsubscribe: ${recipient.listUnsubscribe}\r\n\r\n` +
    `${part("text/plain")}${fill(template.text, false)}\r\n` +
    `${part("text/html")}${fill(template.html, true)}\r\n` +
    `--${template.boundary}--\r\n`
  );
}
