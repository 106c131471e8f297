import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";

export const subscribers = pgTable(
  "subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    status: text("status").notNull().default("subscribed"),
    source: text("source").notNull().default("footer"),
    consentIp: text("consent_ip"),
    consentAt: timestamp("consent_at", { withTimezone: true, mode: "date" }),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true, mode: "date" }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscribers_email_lower_idx").on(sql`lower(${t.email})`),
    index("subscribers_status_created_idx").on(t.status, t.createdAt.desc()),
    index("subscribers_created_idx").on(t.createdAt.desc()),
    index("subscribers_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);
