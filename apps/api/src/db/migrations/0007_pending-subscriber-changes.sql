CREATE TABLE "pending_subscriber_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"subscriber_id" uuid,
	"double_opt_in" boolean DEFAULT false NOT NULL,
	"campaign_id" uuid,
	"ip_address" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
