-- GDPR erasure finds the person's rows by index instead of reading whole tables (decision 014).
-- On PGlite a statement holds the app's one thread: a regular expression over a 300,000-row
-- activity log held it for 4.5 s, a million campaign recipients for 0.8 s more.
--
-- The activity log is free text, so it gets a GIN index of the addresses and ids each entry mentions.
-- An address is keyed by its last run of letters and digits before the @ and its whole domain
-- (erin.erased@example.com -> erased@example.com): however the text around it is punctuated, the key
-- is the same, and the erasure rechecks each entry it finds with the exact expression.
CREATE FUNCTION activity_log_mentions(description text, details jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select coalesce(array_agg(distinct found[1]), '{}')
  from regexp_matches(lower(description || ' ' || coalesce(details::text, '')),
    '([a-z0-9]+@[a-z0-9]+(?:-+[a-z0-9]+)*(?:\.[a-z0-9]+(?:-+[a-z0-9]+)*)*|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})',
    'g') as found
$$;--> statement-breakpoint
-- The key activity_log_mentions gives this address wherever it stands in a text; null for an address
-- whose local part ends in punctuation or whose domain has other characters (the erasure then reads
-- the log whole, as before).
CREATE FUNCTION activity_log_mention_key(address text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select substring(lower(address) from '(?:^|[^a-z0-9])([a-z0-9]+@[a-z0-9]+(?:-+[a-z0-9]+)*(?:\.[a-z0-9]+(?:-+[a-z0-9]+)*)*)$')
$$;--> statement-breakpoint
CREATE INDEX "activity_logs_mentions_idx" ON "activity_logs" USING gin (activity_log_mentions("description", "details"));--> statement-breakpoint
-- Campaign recipients are found by subscriber id, which is indexed already. An index on their address
-- would cost every recipient queued (the sender's main thread on PGlite: 0.437 -> 0.477 ms of CPU a
-- message in bench:send), so instead a deleted subscriber's id is remembered with the addresses it
-- was mailed under: someone who comes back under a new id is still found under the old one.
CREATE TABLE "former_subscriber_ids" (
	"subscriber_id" uuid NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "former_subscriber_ids_pk" PRIMARY KEY ("email", "subscriber_id")
);--> statement-breakpoint
INSERT INTO "former_subscriber_ids" ("subscriber_id", "email")
  SELECT DISTINCT r.subscriber_id, lower(r.email) FROM campaign_recipients r
  WHERE r.email <> 'erased' AND NOT EXISTS (SELECT 1 FROM subscribers s WHERE s.id = r.subscriber_id);--> statement-breakpoint
CREATE INDEX "delivery_events_email_idx" ON "delivery_events" USING btree (lower("email"));
