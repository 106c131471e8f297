-- The activity log's and the suppression list's indexes were made "created_at DESC NULLS LAST",
-- while their lists order by "created_at DESC, id DESC" (NULLS FIRST): no index gave that order, and
-- each page sorted the whole table (seen in EXPLAIN; test/list-indexes.test.ts). Ascending, with id,
-- an index read backwards gives exactly the lists' order, and new rows (the latest time, UUIDv7 ids)
-- land on its last page, as with the subscribers' (migration 0019).
DROP INDEX IF EXISTS "activity_logs_created_at_idx";--> statement-breakpoint
CREATE INDEX "activity_logs_created_at_idx" ON "activity_logs" USING btree ("created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "activity_logs_module_idx";--> statement-breakpoint
CREATE INDEX "activity_logs_module_idx" ON "activity_logs" USING btree ("module", "created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "activity_logs_user_idx";--> statement-breakpoint
CREATE INDEX "activity_logs_user_idx" ON "activity_logs" USING btree ("user_id", "created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "suppressions_created_idx";--> statement-breakpoint
CREATE INDEX "suppressions_created_idx" ON "suppressions" USING btree ("created_at", "id");
