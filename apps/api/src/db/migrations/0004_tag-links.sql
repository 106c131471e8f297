ALTER TABLE "subscriber_tags" DROP CONSTRAINT "subscriber_tags_subscriber_id_subscribers_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriber_tags" DROP CONSTRAINT "subscriber_tags_tag_id_newsletter_tags_id_fk";
