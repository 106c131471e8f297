-- Names the claim that holds an outbox row (mail/outbox-dispatcher.ts): its lease is renewed, and its
-- outcome written, only while the row is still pending under that claim, so a dispatcher whose lease ran
-- out cannot overwrite the outcome of one that claimed the row since. The attempt count cannot name a
-- claim: a staff retry starts it again.
ALTER TABLE "mail_outbox" ADD COLUMN "claim_id" uuid;
