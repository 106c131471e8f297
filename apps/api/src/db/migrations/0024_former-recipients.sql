-- The recipients a campaign mailed, kept when its history is deleted (campaigns/service.ts, deleteHistory):
-- the bounces+ and unsubscribe+ addresses in that mail name a campaign_recipients row, and the bounce
-- listener answered 550 once the row was gone, so a mailto unsubscribe or a late bounce or complaint
-- about the campaign was lost (decision 011). No foreign key: the subscriber may be deleted too. GDPR
-- erasure finds a person's rows by subscriber id and by address (decision 014), so both are indexed.
CREATE TABLE "former_recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "former_recipients_subscriber_idx" ON "former_recipients" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "former_recipients_email_idx" ON "former_recipients" USING btree (lower("email"));
