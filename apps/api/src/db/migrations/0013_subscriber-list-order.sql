-- The subscriber list orders by created_at, then id. Imported people share one created_at, so an
-- index on created_at alone left every page sorting the whole tie (30–50 ms at 100k); with id in
-- the index a page is an index walk (0.07 ms page 1, 0.05 ms the last page read from the end).
DROP INDEX IF EXISTS "subscribers_created_idx";--> statement-breakpoint
CREATE INDEX "subscribers_created_idx" ON "subscribers" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "subscribers_status_created_idx";--> statement-breakpoint
CREATE INDEX "subscribers_status_created_idx" ON "subscribers" USING btree ("status", "created_at" DESC, "id" DESC);
