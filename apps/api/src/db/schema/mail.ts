import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, id } from "./columns.ts";
import { contacts } from "./content.ts";

/** Kinds of account mail the outbox sends. */
export type OutboxKind =
  | "enquiry-alert"
  | "enquiry-confirmation"
  | "contact-reply"
  | "password-reset"
  | "subscribe-confirmation";
export type OutboxStatus = "pending" | "sent" | "failed";

/** Everything needed to send a message again identically (the Message-ID is fixed when it is enqueued). */
export type MailAddress = { name: string; address: string };
export type OutboxMessage = {
  from: MailAddress;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** "<id@domain>", fixed when enqueued: a resend after an unknown outcome is recognisably the same message. */
  messageId: string;
  /** ISO time of enqueueing, sent as the Date header every time. */
  date: string;
};

/**
 * Durable account mail (alerts, confirmations, replies): a row is written before anything is sent,
 * in the same transaction as what caused it, and the outbox dispatcher sends it, retries it with
 * backoff, and picks it up again after a restart. A lease (lease_until) keeps two workers off one row.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    kind: text("kind").$type<OutboxKind>().notNull(),
    /** The (first) address it goes to, lower-cased: what the per-address limits count. */
    recipient: text("recipient").notNull(),
    message: jsonb("message").$type<OutboxMessage>().notNull(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    /** Names the claim that holds (or last held) the row: only that claim renews its lease and writes its outcome. */
    claimId: uuid("claim_id"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    /** Not sent after this (a reset link's hour): the row fails as expired instead of arriving dead. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** e.g. enquiry-alert:<contactId>:<address>: a retry or a double enqueue never makes a second row. */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_key_idx").on(t.dedupeKey),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_recipient_kind_idx").on(t.recipient, t.kind, t.createdAt),
    index("mail_outbox_contact_idx").on(t.contactId),
  ],
);

export type ContactMessageKind = "reply" | "note";

/** The conversation on a contact: replies mailed to the customer and internal notes. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ContactMessageKind>().notNull(),
    body: text("body").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept so the history still says who wrote it after the user is deleted. */
    authorName: text("author_name").notNull(),
    mailId: uuid("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_contact_created_idx").on(t.contactId, t.createdAt)],
);
