-- Where a subscriber's consent came from when it was not their own sign-up: for an import, the file, who imported it and when (issue 16 item 11).
ALTER TABLE "subscribers" ADD COLUMN "consent_source" jsonb;--> statement-breakpoint
-- People imported before this kept the importing staff member's address as their "consent IP": that address never consented, so it goes, and the row says it came from an import.
UPDATE "subscribers" SET "consent_source" = '{"type":"import"}'::jsonb, "consent_ip" = NULL WHERE "source" = 'import' AND "consent_source" IS NULL;
