import type { ActivityDetails } from "@shop/shared/schemas/activity-logs";
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, id } from "./columns.ts";

export const activityLogs = pgTable(
  "activity_logs",
  {
    id: id(),
    action: text("action").notNull(),
    module: text("module").notNull(),
    status: text("status").notNull(),
    description: text("description").notNull().default(""),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    details: jsonb("details").$type<ActivityDetails>(),
    createdAt: createdAt(),
  },
  (t) => [
    // Ascending with id: read backwards, they give the list's newest-first order (migration 0020).
    index("activity_logs_created_at_idx").on(t.createdAt, t.id),
    index("activity_logs_module_idx").on(t.module, t.createdAt, t.id),
    index("activity_logs_user_idx").on(t.userId, t.createdAt, t.id),
    // The addresses and ids an entry mentions, for GDPR erasure (migration 0015 has the function).
    index("activity_logs_mentions_idx").using("gin", sql`activity_log_mentions(${t.description}, ${t.details})`),
  ],
);
