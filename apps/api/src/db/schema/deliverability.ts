import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { createdAt, id } from "./columns.ts";
import { subscribers } from "./newsletter.ts";

/**
 * A bounce or complaint that came back about a message (modules/newsletter/delivery-events.ts):
 * per campaign when the report names one, per subscriber when the address is on the list. Erasing
 * the subscriber removes their events, but for reports about a campaign: those stay, without address,
 * subscriber or text, so the campaign keeps its counts (modules/newsletter/erasure.ts).
 */
export const deliveryEvents = pgTable(
  "delivery_events",
  {
    id: id(),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").references(() => subscribers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    kind: text("kind").$type<"hard" | "soft" | "complaint">().notNull(),
    reason: text("reason").notNull().default(""),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("delivery_events_campaign_idx").on(t.campaignId, t.kind),
    index("delivery_events_subscriber_idx").on(t.subscriberId, t.createdAt.desc()),
    // GDPR erasure finds an address's rows by it (migration 0015).
    index("delivery_events_email_idx").on(sql`lower(${t.email})`),
  ],
);

/**
 * Addresses no campaign may mail (modules/newsletter/suppressions.ts). Lifting keeps the row, with
 * who lifted it and when; at most one row per address is in force.
 */
export const suppressions = pgTable(
  "suppressions",
  {
    id: id(),
    email: text("email").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    liftedAt: timestamp("lifted_at", { withTimezone: true, mode: "date" }),
    liftedBy: uuid("lifted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("suppressions_active_email_idx").on(sql`lower(${t.email})`).where(sql`${t.liftedAt} is null`),
    // Ascending with id: read backwards, it gives the list's newest-first order (migration 0020).
    index("suppressions_created_idx").on(t.createdAt, t.id),
  ],
);
