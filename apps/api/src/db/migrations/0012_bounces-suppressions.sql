ALTER TABLE "subscribers" ADD COLUMN "soft_bounce_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid,
	"subscriber_id" uuid,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_events_campaign_idx" ON "delivery_events" USING btree ("campaign_id","kind");--> statement-breakpoint
CREATE INDEX "delivery_events_subscriber_idx" ON "delivery_events" USING btree ("subscriber_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE TABLE "suppressions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid
);
--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_active_email_idx" ON "suppressions" USING btree (lower("email")) WHERE "suppressions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "suppressions_created_idx" ON "suppressions" USING btree ("created_at" DESC NULLS LAST);
