import { sql } from "drizzle-orm";
import {
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

export type CampaignAudience = { type: "all" | "tags" | "subscribers"; tagIds?: string[]; subscriberIds?: string[] };

export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    subject: text("subject").notNull(),
    preheader: text("preheader").notNull().default(""),
    /** Sanitised when saved; tracking and merge tags are applied per recipient when sending. */
    html: text("html").notNull(),
    audience: jsonb("audience").$type<CampaignAudience>().notNull(),
    status: text("status").notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true, mode: "date" }),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    recipientCount: integer("recipient_count").notNull().default(0),
    /** False while a started campaign's audience is still being queued in parts (decision 004). */
    audienceQueued: boolean("audience_queued").notNull().default(true),
    /** The last subscriber id queued so far: where queueing carries on. */
    queuedThrough: uuid("queued_through"),
    consecutiveErrors: integer("consecutive_errors").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("campaigns_created_idx").on(t.createdAt.desc()),
    index("campaigns_status_idx").on(t.status, t.scheduledAt),
    index("campaigns_subject_trgm_idx").using("gin", sql`${t.subject} gin_trgm_ops`),
  ],
);

/**
 * One row per person a campaign goes to, snapshotted when sending starts. Its status is the
 * durable truth of delivery: queued → sending → sent | failed | bounced | skipped.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: id(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").notNull(),
    email: text("email").notNull(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    messageId: text("message_id"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    openedAt: timestamp("opened_at", { withTimezone: true, mode: "date" }),
    clickedAt: timestamp("clicked_at", { withTimezone: true, mode: "date" }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("campaign_recipients_unique_idx").on(t.campaignId, t.subscriberId),
    index("campaign_recipients_queue_idx").on(t.campaignId, t.status, t.nextAttemptAt),
    index("campaign_recipients_subscriber_idx").on(t.subscriberId),
  ],
);

/**
 * The recipients a campaign mailed, kept when staff delete its history (campaigns/service.ts): the
 * bounces+ and unsubscribe+ addresses in that mail name the recipient row's id, which is this row's, so
 * the bounce listener still honours a mailto unsubscribe and a late bounce or complaint (decision 011).
 * Not a foreign key: the subscriber may be deleted too. GDPR erasure deletes a person's rows.
 */
export const formerRecipients = pgTable(
  "former_recipients",
  {
    id: uuid("id").primaryKey(),
    subscriberId: uuid("subscriber_id").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("former_recipients_subscriber_idx").on(t.subscriberId),
    index("former_recipients_email_idx").on(sql`lower(${t.email})`),
  ],
);

/**
 * Addresses a subscriber id is known under besides its row's (lower case): a deleted subscriber's,
 * with each address it was mailed under, so someone who comes back under a new id and asks to be
 * erased is found in the campaigns sent to the old one (campaigns/recipient-queue.ts); and a live
 * subscriber's earlier addresses that staff changed (newsletter/erasure.ts erases them with the person).
 * Not a foreign key: the subscriber row may be gone.
 */
export const formerSubscriberIds = pgTable(
  "former_subscriber_ids",
  {
    subscriberId: uuid("subscriber_id").notNull(),
    email: text("email").notNull(),
  },
  (t) => [primaryKey({ name: "former_subscriber_ids_pk", columns: [t.email, t.subscriberId] })],
);

export const campaignLogs = pgTable(
  "campaign_logs",
  {
    id: id(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    message: text("message").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("campaign_logs_campaign_idx").on(t.campaignId, t.createdAt)],
);

/** Only these URLs can be reached through a campaign's click links: no open redirect. */
export const campaignLinks = pgTable(
  "campaign_links",
  {
    id: id(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
  },
  (t) => [uniqueIndex("campaign_links_unique_idx").on(t.campaignId, t.url)],
);

export const campaignEvents = pgTable(
  "campaign_events",
  {
    id: id(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id"),
    type: text("type").notNull(),
    linkId: uuid("link_id"),
    /** Opens fetched by privacy proxies (Apple Mail Privacy Protection) are kept apart from people's. */
    prefetch: boolean("prefetch").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("campaign_events_campaign_idx").on(t.campaignId, t.type),
    index("campaign_events_link_idx").on(t.linkId),
    // Once per recipient, link and kind of open: a repeated request adds nothing (migration 0018).
    uniqueIndex("campaign_events_once_idx")
      .on(t.recipientId, t.type, sql`coalesce(${t.linkId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.prefetch)
      .where(sql`${t.type} in ('open', 'click')`),
  ],
);
