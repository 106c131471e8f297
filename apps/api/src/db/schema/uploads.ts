import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, id } from "./columns.ts";

/** Bytes each person uploaded, for the rolling 24-hour allowance (migration 0021, modules/uploads/allowance.ts). */
export const uploadUsage = pgTable(
  "upload_usage",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("upload_usage_user_created_idx").on(t.userId, t.createdAt)],
);

/** When each periodic job one instance runs for all is next due (jobs/job-turns.ts). */
export const jobTurns = pgTable("job_turns", {
  job: text("job").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true, mode: "date" }).notNull(),
});
