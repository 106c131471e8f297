-- What each person uploaded, for the rolling 24-hour upload allowance (UPLOAD_QUOTA_MB): a row is
-- reserved before the files are stored and taken back if the batch is refused, so parallel uploads
-- cannot together go over it (modules/uploads/allowance.ts). Rows older than a day no longer count,
-- and the upload reclaimer deletes them.
CREATE TABLE "upload_usage" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "upload_usage" ADD CONSTRAINT "upload_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_usage_user_created_idx" ON "upload_usage" USING btree ("user_id", "created_at");--> statement-breakpoint
-- When each periodic job that one instance runs for all is next due (jobs/job-turns.ts): the instance
-- that moves it on takes the turn, the others see it moved and skip.
CREATE TABLE "job_turns" (
	"job" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
