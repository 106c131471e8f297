-- A double opt-in confirmation queued behind a bulk import keeps what its link was signed for: the
-- subscriber's unsubscribe (epoch ms, 0 for none) at the time, so it confirms only that sign-up.
ALTER TABLE "pending_subscriber_changes" ADD COLUMN "link_left_ms" bigint;
