CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contacts_message_type_idx" ON "contacts" USING btree ("message_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin (("name" || ' ' || "email" || ' ' || "phone" || ' ' || "subject") gin_trgm_ops);