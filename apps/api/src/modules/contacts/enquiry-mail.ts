import { hasPermission } from "@shop/shared/permissions";
import { type ContactDto, type MessageType, messageTypeLabels } from "@shop/shared/schemas/contacts";
import type { Settings } from "@shop/shared/schemas/settings";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { type MailAddress, users } from "../../db/schema/index.ts";
import { escapeHtml } from "../../lib/escape-html.ts";
import { queryRows } from "../../lib/sql.ts";
import { enqueueMail, mailAllowedTo } from "../../mail/outbox.ts";
import { senderOf } from "../../mail/sender.ts";
import { cachedSettings } from "../settings/service.ts";
import { type AskedAbout, askedAbout } from "./asked-about.ts";
import { createContact, type NewContact } from "./service.ts";

/**
 * What a new enquiry sends (issue 15): one alert per team address and an automatic confirmation to
 * the customer. Both are written to the mail outbox in the transaction that saves the contact, so the
 * enquiry is kept whatever the mail server does, and the mail exists exactly when the enquiry does.
 */

export const enquiryMailCopy = {
  alertSubject: (type: string, name: string) => `New ${type.toLowerCase()} from ${name}`,
  alertIntro: "A new enquiry has arrived.",
  open: "Open it in the back office",
  confirmationSubject: (store: string) => `We received your enquiry — ${store}`,
  thanks: "Thank you for contacting us.",
  youAsked: "You asked about:",
  catalogueLines: "At the catalogue's prices now (what the customer was sent):",
  promise: storefrontCopy.enquiry.contactSoon,
  signature: (store: string) => `The ${store} team`,
  notYou: "If you did not send this, you can ignore this email.",
} as const;

/** The sliding window in which an address gets at most one confirmation, whatever is submitted. */
export const confirmationWindow = "1 hour";

export type EnquiryMailContext = {
  settings: Settings;
  sender: MailAddress;
  publicUrl: string;
  /** The catalogue's lines the request names, and the enquired product's page. */
  asked: AskedAbout;
};

const typeLabel = (type: string) => messageTypeLabels[type as MessageType] ?? type;

/** A paragraph per block of the visitor's message, line breaks kept, everything escaped. */
const htmlText = (text: string) =>
  text
    .split("\n\n")
    .map((part) => `<p>${escapeHtml(part).split("\n").join("<br>")}</p>`)
    .join("");

export function contactLink(publicUrl: string, contactId: string): string {
  return `${publicUrl}/admin/contacts?open=${encodeURIComponent(contactId)}`;
}

/** The team's alert: who, what, when, and the link that opens the contact. */
export function enquiryAlert(contact: ContactDto, context: EnquiryMailContext) {
  const when = new Date(contact.createdAt).toUTCString();
  const link = contactLink(context.publicUrl, contact._id);
  const rows: [string, string][] = [
    ["Name", contact.name],
    ["Email", contact.email],
    ["Phone", contact.phone],
    ["Type", typeLabel(contact.messageType)],
    ["Subject", contact.subject],
    ["Received", when],
  ];
  if (context.asked.link) rows.push(["Product", context.asked.link]);
  // A quote's lines as the customer's confirmation gives them: the visitor's own text may carry other
  // prices (a cart kept since a price changed, or typed by hand).
  const quoted = contact.messageType === "quoteRequest" && context.asked.lines.length > 0;
  const priced = quoted ? [enquiryMailCopy.catalogueLines, ...context.asked.lines, ""] : [];
  const text = [
    enquiryMailCopy.alertIntro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    "Message:",
    contact.request,
    "",
    ...priced,
    `${enquiryMailCopy.open}: ${link}`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(enquiryMailCopy.alertIntro)}</p>`,
    "<table>",
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    "</table>",
    `<p><strong>Message:</strong></p>${htmlText(contact.request)}`,
    ...(quoted
      ? [
          `<p><strong>${escapeHtml(enquiryMailCopy.catalogueLines)}</strong></p>${htmlText(context.asked.lines.join("\n"))}`,
        ]
      : []),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(enquiryMailCopy.open)}</a></p>`,
  ].join("\n");
  return {
    from: context.sender,
    // Staff answer the customer by replying.
    replyTo: contact.email,
    subject: enquiryMailCopy.alertSubject(typeLabel(contact.messageType), contact.name).replace(/[\r\n]+/g, " "),
    text,
    html,
  };
}

/**
 * The customer's confirmation: thanks, the catalogue products or cart lines they asked about, the 24-hour
 * promise; replies go to the shop. None of the visitor's own words (see AskedAbout).
 */
export function enquiryConfirmation(context: EnquiryMailContext) {
  const store = context.settings.storeName;
  const { lines, link } = context.asked;
  const asked = lines.length ? [enquiryMailCopy.youAsked, "", ...lines, ...(link ? ["", link] : []), ""] : [];
  const text = [
    enquiryMailCopy.thanks,
    "",
    ...asked,
    `${enquiryMailCopy.promise}.`,
    "",
    enquiryMailCopy.signature(store),
    "",
    enquiryMailCopy.notYou,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(enquiryMailCopy.thanks)}</p>`,
    ...(lines.length
      ? [
          `<p>${escapeHtml(enquiryMailCopy.youAsked)}</p>`,
          `<blockquote><p>${lines.map(escapeHtml).join("<br>")}</p>${
            link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ""
          }</blockquote>`,
        ]
      : []),
    `<p>${escapeHtml(enquiryMailCopy.promise)}.</p>`,
    `<p>${escapeHtml(enquiryMailCopy.signature(store))}</p>`,
    `<p><small>${escapeHtml(enquiryMailCopy.notYou)}</small></p>`,
  ].join("\n");
  return {
    from: context.sender,
    replyTo: context.settings.contactEmail,
    subject: enquiryMailCopy.confirmationSubject(store),
    text,
    html,
  };
}

type Executor = Pick<Db, "execute" | "insert" | "select">;

/**
 * Who hears about a new enquiry: the Settings list, plus every active user who turned on "Email me
 * new enquiries" and may view contacts; with neither, the active super admins. Lower-cased, each once.
 */
export async function alertRecipients(db: Executor, settings: Pick<Settings, "enquiryNotifyEmails">) {
  const optedIn = await queryRows<{ email: string; is_super_admin: boolean; permissions: string[] | null }>(
    db,
    sql`select u.email, u.is_super_admin,
        (select array_agg(rp.permission) from role_permissions rp where rp.role_id = u.role_id) as permissions
      from users u where u.is_active and u.notify_enquiries`,
  );
  const addresses = [
    ...settings.enquiryNotifyEmails,
    ...optedIn
      .filter((u) =>
        hasPermission({ isSuperAdmin: u.is_super_admin, permissions: u.permissions ?? [] }, "contact:view-contacts"),
      )
      .map((u) => u.email),
  ];
  if (addresses.length === 0) {
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.isActive, true), eq(users.isSuperAdmin, true)));
    addresses.push(...admins.map((u) => u.email));
  }
  return [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
}

/** Whether this address may get a confirmation now: one per `confirmationWindow` (see mailAllowedTo). */
const confirmationAllowed = (tx: Executor, address: string) =>
  mailAllowedTo(tx, { address, kind: "enquiry-confirmation", window: confirmationWindow, limit: 1 });

/**
 * Saves a storefront enquiry and, in the same transaction, its alert(s) and confirmation; then wakes
 * the outbox. Spam never gets here (the route answers a honeypot and the rate limit before).
 */
export async function createEnquiry(
  app: Pick<FastifyInstance, "db" | "publicCache" | "outbox" | "mailFrom" | "publicUrl">,
  input: NewContact,
): Promise<ContactDto> {
  const { publicUrl } = app;
  const settings = await cachedSettings(app.db, app.publicCache);
  const context: EnquiryMailContext = {
    settings,
    sender: senderOf(settings, app.mailFrom),
    publicUrl,
    asked: await askedAbout(app.db, input, publicUrl),
  };
  const contact = await app.db.transaction(async (tx) => {
    const saved = await createContact(tx as unknown as Db, input);
    const alert = enquiryAlert(saved, context);
    for (const address of await alertRecipients(tx, settings)) {
      await enqueueMail(tx, {
        kind: "enquiry-alert",
        to: address,
        message: alert,
        contactId: saved._id,
        dedupeKey: `enquiry-alert:${saved._id}:${address}`,
      });
    }
    const customer = saved.email.trim().toLowerCase();
    if (settings.enquiryConfirmation && (await confirmationAllowed(tx, customer))) {
      await enqueueMail(tx, {
        kind: "enquiry-confirmation",
        to: customer,
        message: enquiryConfirmation(context),
        contactId: saved._id,
        dedupeKey: `enquiry-confirmation:${saved._id}`,
      });
    }
    return saved;
  });
  app.outbox.wake();
  return contact;
}
