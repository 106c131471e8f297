import { inboxCopy } from "@shop/shared/inbox-copy";
import type { ContactDto } from "@shop/shared/schemas/contacts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type MailAddress, mailOutbox } from "../../db/schema/index.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { senderOf } from "../../mail/sender.ts";
import { getSettings } from "../settings/service.ts";

const quoteDate = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** Header values never carry a line break, whatever the visitor typed as a subject. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ");

/** The reply, then the customer's request quoted as mail clients quote ("> " on every line). */
export function replyText(contact: ContactDto, body: string): string {
  const heading = inboxCopy.mail.quoteHeading(`${quoteDate.format(new Date(contact.createdAt))} UTC`, contact.name);
  const quoted = contact.request
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  return `${body}\n\n${heading}\n${quoted}\n`;
}

/** The confirmation the customer got when they wrote: the reply threads under it in their mailbox. */
async function confirmationId(db: Db, contactId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ message: mailOutbox.message })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.contactId, contactId), eq(mailOutbox.kind, "enquiry-confirmation")))
    .limit(1);
  return row?.message.messageId;
}

/**
 * Puts a staff reply in the outbox, in the caller's transaction: From the shop's sender (Settings,
 * else MAIL_FROM), Reply-To
 * the shop's contact address (so the customer's answer reaches the team, not the no-reply sender),
 * "Re: <subject>", and the request quoted below the reply. Returns the outbox row's id.
 */
export async function enqueueContactReply(
  db: Db,
  contact: ContactDto,
  body: string,
  mailFrom: MailAddress | undefined,
): Promise<string> {
  const [settings, inReplyTo] = await Promise.all([getSettings(db), confirmationId(db, contact._id)]);
  const { id } = await enqueueMail(db, {
    kind: "contact-reply",
    to: contact.email,
    contactId: contact._id,
    message: {
      from: senderOf(settings, mailFrom),
      replyTo: settings.contactEmail,
      subject: oneLine(inboxCopy.mail.subject(contact.subject)),
      text: replyText(contact, body),
      ...(inReplyTo && { headers: { "In-Reply-To": inReplyTo, References: inReplyTo } }),
    },
  });
  return id;
}
