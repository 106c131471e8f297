-- The subscriber list's indexes in ascending order: new people come with the latest created_at and
-- a time-ordered id (UUIDv7), so in a descending index every insert went to its leftmost page, where
-- btree has no fast path and a full page splits in half, leaving half-empty pages behind. Ascending,
-- each insert lands on the rightmost page (the fast path, and a split that leaves it full). The list
-- reads the index backwards for its newest-first order, as fast. Measured in a PGlite lab of 1M
-- imported people: the two indexes 101 + 69 MB before, 56 + 38 MB after; CPU 46.5 -> 42.1 µs a row.
DROP INDEX IF EXISTS "subscribers_created_idx";--> statement-breakpoint
CREATE INDEX "subscribers_created_idx" ON "subscribers" USING btree ("created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "subscribers_status_created_idx";--> statement-breakpoint
CREATE INDEX "subscribers_status_created_idx" ON "subscribers" USING btree ("status", "created_at", "id");
