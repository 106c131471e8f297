-- "Send now" queues the first part of a large audience and answers; the sender queues the rest in
-- parts while it sends (decision 004). A campaign is not finished while audience_queued is false;
-- queued_through is how far (by subscriber id) its audience has been queued, so any sender, in any
-- process and after any restart, carries on from there. Campaigns that exist were queued whole.
ALTER TABLE "campaigns" ADD COLUMN "audience_queued" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "queued_through" uuid;
