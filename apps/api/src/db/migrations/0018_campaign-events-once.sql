-- An open or a click is stored once per recipient (and link): anyone holding the message can request
-- its tracking links any number of times, and the stats count people (funnel opened/clicked, top
-- links, prefetch opens). A mail privacy proxy's open is kept apart from the person's own, so neither
-- hides the other. Bounces and unsubscribes are left as they are. The earliest of each is kept.
DELETE FROM "campaign_events" "later" USING "campaign_events" "earlier"
  WHERE "later"."type" IN ('open', 'click') AND "earlier"."type" = "later"."type"
    AND "earlier"."recipient_id" = "later"."recipient_id" AND "earlier"."prefetch" = "later"."prefetch"
    AND "earlier"."link_id" IS NOT DISTINCT FROM "later"."link_id" AND "earlier"."id" < "later"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_events_once_idx" ON "campaign_events" USING btree ("recipient_id","type",coalesce("link_id", '00000000-0000-0000-0000-000000000000'::uuid),"prefetch") WHERE "type" IN ('open', 'click');
