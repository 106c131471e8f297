-- An import's consent (the file, who ran it, when) is kept once, in import_consents, and each person it
-- brought in refers to it. Every imported row held its own copy as jsonb: about 200 bytes a row, with
-- the importing staff member's name and address in each. A PostgreSQL lab of 300,000 people in
-- 10,000-row batches took 5.30–6.02 s with the copy and 4.97–5.21 s without (decision 007).
CREATE TABLE "import_consents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_name" text,
	"imported_by_id" uuid,
	"imported_by_name" text,
	"imported_by_email" text,
	"imported_at" timestamp with time zone,
	"import_job_id" text
);--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "import_consent_id" uuid;--> statement-breakpoint
-- One record for each distinct copy: an import's people all had the same one, and people imported
-- before consent was recorded (migration 0009) had '{"type":"import"}'.
CREATE TEMPORARY TABLE "import_consent_copies" AS
  SELECT gen_random_uuid() AS "id", "copies"."consent_source" AS "copy"
  FROM (SELECT DISTINCT "consent_source" FROM "subscribers" WHERE "consent_source" IS NOT NULL) AS "copies";--> statement-breakpoint
INSERT INTO "import_consents" ("id", "file_name", "imported_by_id", "imported_by_name", "imported_by_email", "imported_at", "import_job_id")
  SELECT "id",
    "copy"->>'fileName',
    CASE WHEN "copy"->'importedBy'->>'id' ~ '^[0-9a-fA-F-]{36}$' THEN ("copy"->'importedBy'->>'id')::uuid END,
    "copy"->'importedBy'->>'name',
    "copy"->'importedBy'->>'email',
    CASE WHEN "copy"->>'importedAt' ~ '^\d{4}-\d{2}-\d{2}T' THEN ("copy"->>'importedAt')::timestamptz END,
    "copy"->>'importJobId'
  FROM "import_consent_copies";--> statement-breakpoint
UPDATE "subscribers" SET "import_consent_id" = "import_consent_copies"."id"
  FROM "import_consent_copies" WHERE "subscribers"."consent_source" = "import_consent_copies"."copy";--> statement-breakpoint
DROP TABLE "import_consent_copies";--> statement-breakpoint
ALTER TABLE "subscribers" DROP COLUMN "consent_source";
