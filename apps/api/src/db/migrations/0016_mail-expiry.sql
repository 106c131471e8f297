-- A message worth nothing after a time (a password reset's one-hour link) fails as expired rather than
-- being retried into the inbox with a dead link (mail/outbox.ts).
ALTER TABLE "mail_outbox" ADD COLUMN "expires_at" timestamp with time zone;
