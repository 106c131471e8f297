import type { DeliveryEventKind } from "@shop/shared/schemas/deliverability";
import { type ParsedMail, simpleParser } from "mailparser";

export type BounceReport = {
  kind: DeliveryEventKind;
  reason: string;
  source: "dsn" | "arf";
  /** The address the report says failed (Final-Recipient, or the original message's To), if it says. */
  finalRecipient: string | null;
};

type Fields = Map<string, string>;

/** A message that is not MIME mailparser can read (over a thousand parts, say): sending it again will not help. */
export class UnreadableMessage extends Error {
  constructor(cause: unknown) {
    super(`The message could not be read (${(cause as Error)?.message ?? String(cause)})`, { cause });
  }
}

/** "Name: value" lines (continuations folded) of one block of a report, by lowercase name. */
function fieldsOf(block: string): Fields {
  const fields: Fields = new Map();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const match = /^([A-Za-z][\w-]{0,76}):(.*)$/.exec(line);
    if (match?.[1] && !fields.has(match[1].toLowerCase())) fields.set(match[1].toLowerCase(), (match[2] ?? "").trim());
  }
  return fields;
}

const blocksOf = (text: string) => text.split(/\r?\n[ \t]*\r?\n/).map(fieldsOf);
const isSpace = (char: string) => char.trim() === "";
const endsLocalPart = (char: string) => isSpace(char) || "<>;:,@".includes(char);
const endsDomain = (char: string) => isSpace(char) || "<>;,@".includes(char);

/**
 * The first address in a report field, found from each "@" outwards (at most 64 characters of local
 * part and 255 of domain, RFC 5321) — one pass over the text, where a pattern would rescan a long
 * line without an address from every position.
 */
function addressIn(value: string | undefined): string | null {
  if (!value) return null;
  for (let at = value.indexOf("@"); at >= 0; at = value.indexOf("@", at + 1)) {
    let start = at;
    while (start > 0 && at - start < 64 && !endsLocalPart(value.charAt(start - 1))) start -= 1;
    let end = at + 1;
    while (end < value.length && end - at <= 255 && !endsDomain(value.charAt(end))) end += 1;
    if (start < at && end > at + 1) return value.slice(start, end).toLowerCase();
  }
  return null;
}

/**
 * hard or soft from a DSN's Action and Status (RFC 3464, RFC 3463): failed with 5.x.x is hard, with
 * 4.x.x soft; delivered, relayed and expanded are no bounce, and neither is delayed: the relay is still
 * trying, and says so again each few hours until it delivers or gives up (which is the bounce). A full
 * mailbox (x.2.2) is soft even when a server calls it permanent: mailboxes get emptied.
 */
function kindOf(action: string, status: string, diagnostic: string): DeliveryEventKind | null {
  const act = action.toLowerCase();
  if (["delivered", "relayed", "expanded", "delayed"].includes(act)) return null;
  const code = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(status) ?? /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(diagnostic);
  const smtp = /\b([45])\d\d\b/.exec(diagnostic)?.[1];
  const klass = code?.[1] ?? smtp;
  if (code?.[2] === "2" && code[3] === "2") return "soft";
  if (klass === "5") return "hard";
  if (klass === "4") return "soft";
  return act === "failed" ? "hard" : null;
}

function fromDeliveryStatus(text: string): Omit<BounceReport, "source"> | null {
  for (const fields of blocksOf(text)) {
    const action = fields.get("action") ?? "";
    const status = fields.get("status") ?? "";
    if (!action && !status) continue;
    const diagnostic = fields.get("diagnostic-code") ?? "";
    const kind = kindOf(action, status, diagnostic);
    if (!kind) continue;
    const reason = [status, diagnostic.replace(/^smtp;\s*/i, "")].filter(Boolean).join(" ");
    return { kind, reason: reason.slice(0, 500), finalRecipient: addressIn(fields.get("final-recipient")) };
  }
  return null;
}

/**
 * A bounce from an older server with no report part (qmail, Exchange's own wording): its text names
 * an enhanced status code or an SMTP reply. Read only from a mail system (fromMailSystem): in a
 * person's or an auto-responder's words a phone or street number looks like a reply code.
 */
function fromPlainText(text: string): Omit<BounceReport, "source"> | null {
  const enhanced = /\b([45])\.\d{1,3}\.\d{1,3}\b/.exec(text);
  const reply = /(?:^|[\s(:])([45])\d\d[\s-]/m.exec(text);
  const klass = enhanced?.[1] ?? reply?.[1];
  const permanent = /permanent(ly)?|does not exist|user unknown|no such (user|mailbox)|undeliverable/i.test(text);
  const temporary = /temporar(y|ily)|delayed|will (be )?retr(y|ied)|deferred/i.test(text);
  let kind: DeliveryEventKind | null = null;
  if (klass === "5" || (!klass && permanent)) kind = "hard";
  else if (klass === "4" || (!klass && temporary)) kind = "soft";
  if (!kind) return null;
  const line = text.split(/\r?\n/).find((l) => /\b[45]\.\d{1,3}\.\d{1,3}\b|\b[45]\d\d\b/.test(l)) ?? text;
  return { kind, reason: line.trim().replace(/\s+/g, " ").slice(0, 500), finalRecipient: null };
}

/** The sender a mail system's notices come from, by its address's local part or its name. */
const mailSystemSender = /^(mailer-?daemon|mail-?daemon|postmaster|mdaemon|mail\.?delivery(-?subsystem)?)$/i;
const mailSystemName = /mail delivery|mailer.?daemon|postmaster/i;
/** Subjects of delivery notices in the wording of the servers that send them without a report part. */
const noticeSubject =
  /undeliver|delivery (status|fail|problem|notification|report)|returned mail|failure notice|mail delivery failed|non-?delivery|could not be delivered|delivery has failed/i;
/** Auto-responders (RFC 3834 and the headers older ones use) and their subjects: away notices, never bounces. */
const autoReplyHeaders = ["x-autoreply", "x-autorespond", "x-autoresponder"];
const autoReplySubject =
  /^\s*(auto(matic)?[ -]?(reply|response|antwort|svar|risposta)|out of (the )?office|abwesen|vacation|r[ée]ponse automatique|risposta automatica|respuesta autom[áa]tica|automatisch antwoord)/i;

/**
 * Whether a message without a report part comes from a mail system (a server's postmaster or
 * mailer-daemon, or a delivery notice's subject) rather than a person or an auto-responder. DSNs carry
 * `Auto-Submitted: auto-replied` too, so that header alone tells nothing; an auto-responder's own
 * headers or subject do.
 */
function fromMailSystem(parsed: ParsedMail): boolean {
  const subject = parsed.subject ?? "";
  const precedence = String(parsed.headers.get("precedence") ?? "").toLowerCase();
  if (autoReplyHeaders.some((name) => parsed.headers.has(name)) || precedence === "auto_reply") return false;
  if (autoReplySubject.test(subject)) return false;
  const from = parsed.from?.value[0];
  const localPart = (from?.address ?? "").split("@")[0] ?? "";
  return mailSystemSender.test(localPart) || mailSystemName.test(from?.name ?? "") || noticeSubject.test(subject);
}

/**
 * What a message that came back to a bounce address reports: a delivery status notification
 * (RFC 3464: multipart/report; report-type=delivery-status), a complaint (ARF, RFC 5965:
 * report-type=feedback-report, except not-spam) or a plain-text bounce. Null for anything else.
 * A message mailparser cannot read throws UnreadableMessage: the listener refuses it for good.
 */
export async function readBounceReport(raw: Buffer | string): Promise<BounceReport | null> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextLinks: true, skipImageLinks: true }).catch(
    (error: unknown) => {
      throw new UnreadableMessage(error);
    },
  );
  const contentType = parsed.headers.get("content-type");
  const reportType =
    typeof contentType === "object" && contentType !== null && "params" in contentType
      ? String((contentType.params as Record<string, string>)["report-type"] ?? "").toLowerCase()
      : "";
  // mailparser gives a report part as text or as an attachment, depending on its type and
  // disposition: the fields are read from both.
  const reportParts = parsed.attachments.filter((a) =>
    /^message\/(global-)?(delivery-status|feedback-report)$/i.test(a.contentType),
  );
  const text = [parsed.text ?? "", ...reportParts.map((a) => a.content.toString("utf8"))].join("\n\n");
  const original = parsed.attachments.find((a) => /rfc822/i.test(a.contentType))?.content.toString("utf8") ?? "";
  const originalTo = addressIn(fieldsOf(original.split(/\r?\n\r?\n/, 1)[0] ?? "").get("to"));

  if (reportType === "feedback-report") {
    const fields = blocksOf(text).find((f) => f.has("feedback-type"));
    const type = (fields?.get("feedback-type") ?? "abuse").toLowerCase();
    if (type === "not-spam") return null;
    const agent = fields?.get("user-agent");
    return {
      kind: "complaint",
      reason: `Feedback-Type: ${type}${agent ? ` (${agent})` : ""}`.slice(0, 500),
      source: "arf",
      finalRecipient: addressIn(fields?.get("original-rcpt-to")) ?? originalTo,
    };
  }
  const isReport = reportType === "delivery-status" || reportParts.length > 0;
  const report = isReport
    ? fromDeliveryStatus(text)
    : fromMailSystem(parsed)
      ? (fromDeliveryStatus(text) ?? fromPlainText(text))
      : null;
  if (!report) return null;
  return { ...report, source: "dsn", finalRecipient: report.finalRecipient ?? originalTo };
}
