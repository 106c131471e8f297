import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

export const subscribers = pgTable(
  "subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name"),
    status: text("status").notNull().default("subscribed"),
    source: text("source").notNull().default("footer"),
    /** The address of the person's own sign-up; null when someone else brought them in (an import). */
    consentIp: text("consent_ip"),
    /**
     * Where consent came from when it was not a sign-up from `consentIp`: the import (importConsents).
     * No foreign key: its check would cost every imported row a look-up, and a record is never deleted.
     */
    importConsentId: uuid("import_consent_id"),
    consentAt: timestamp("consent_at", { withTimezone: true, mode: "date" }),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true, mode: "date" }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    hardBounces: integer("hard_bounces").notNull().default(0),
    /** Soft bounces since the last delivery sign; at the Settings limit the subscriber is bounced. */
    softBounceStreak: integer("soft_bounce_streak").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscribers_email_lower_idx").on(sql`lower(${t.email})`),
    // With id after created_at: imported people share one created_at, and the list orders by both.
    // Ascending: inserts (newest created_at, time-ordered ids) land on the last page; the newest-first
    // list reads them backwards (migration 0019).
    index("subscribers_status_created_idx").on(t.status, t.createdAt, t.id),
    index("subscribers_created_idx").on(t.createdAt, t.id),
    index("subscribers_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);

/**
 * The consent an import gives the people it brings in: the file, who ran it and when, as they were
 * then. One row an import, referred to by each person it added (migration 0022): written into every
 * row it was about 200 bytes each, and the staff member's name and address a million times over.
 */
export const importConsents = pgTable("import_consents", {
  id: id(),
  fileName: text("file_name"),
  importedById: uuid("imported_by_id"),
  importedByName: text("imported_by_name"),
  importedByEmail: text("imported_by_email"),
  importedAt: timestamp("imported_at", { withTimezone: true, mode: "date" }),
  importJobId: text("import_job_id"),
});

export const newsletterTags = pgTable(
  "newsletter_tags",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("newsletter_tags_name_lower_idx").on(sql`lower(${t.name})`),
    uniqueIndex("newsletter_tags_slug_idx").on(t.slug),
  ],
);

/**
 * Who has which tag. No foreign keys on purpose: an import tags 100k people at once, and per-row
 * foreign-key triggers cost a quarter of the import. Only the newsletter services write this
 * table, and they delete links in the same transaction as the subscriber or tag they belong to.
 */
export const subscriberTags = pgTable(
  "subscriber_tags",
  {
    subscriberId: uuid("subscriber_id").notNull(),
    tagId: uuid("tag_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.tagId] }),
    index("subscriber_tags_tag_idx").on(t.tagId, t.subscriberId),
  ],
);

/** One CSV import: its progress is polled by the modal, and its outcome is kept for the record. */
export const importJobs = pgTable("import_jobs", {
  id: uuid("id").primaryKey(),
  status: text("status").notNull().default("running"),
  fileName: text("file_name").notNull(),
  bytesTotal: integer("bytes_total"),
  bytesRead: integer("bytes_read").notNull().default(0),
  rowsRead: integer("rows_read").notNull().default(0),
  importedCount: integer("imported_count").notNull().default(0),
  updatedCount: integer("updated_count").notNull().default(0),
  skippedCount: integer("skipped_count").notNull().default(0),
  errors: jsonb("errors").$type<{ line: number; value: string; reason: string }[]>().notNull().default([]),
  tagIds: uuid("tag_ids").array().notNull().default(sql`'{}'::uuid[]`),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  /** Touched while the import's request lives: a running job gone quiet died with its process. */
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** GDPR erasure leaves no trace of the person: only that an erasure happened, and when. */
export const erasures = pgTable("erasures", {
  id: id(),
  erasedAt: timestamp("erased_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A sign-up, confirmation or unsubscribe that came while a bulk import held the audience locked: it
 * was answered at once and is applied, in order, once the import is over (pending-changes.ts).
 */
export const pendingSubscriberChanges = pgTable("pending_subscriber_changes", {
  id: id(),
  kind: text("kind").$type<"subscribe" | "confirm" | "unsubscribe">().notNull(),
  email: text("email"),
  subscriberId: uuid("subscriber_id"),
  doubleOptIn: boolean("double_opt_in").notNull().default(false),
  campaignId: uuid("campaign_id"),
  ipAddress: text("ip_address"),
  /** A confirmation's: the unsubscribe its link was signed after (confirm-links.ts). */
  linkLeftMs: bigint("link_left_ms", { mode: "number" }),
  requestedAt: timestamp("requested_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
