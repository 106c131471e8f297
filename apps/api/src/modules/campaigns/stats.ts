import type { FunnelDto } from "@shop/shared/schemas/campaigns";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/sql.ts";
import { signUpsPerDay, windowStart } from "../newsletter/sign-ups.ts";

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** recipients → sent → delivered → opened → clicked, with rates, for one campaign or all of them. */
export async function funnel(db: Db, campaignId?: string): Promise<FunnelDto> {
  const scope = campaignId ? sql`where campaign_id = ${campaignId}` : sql``;
  const [totals] = await queryRows<Record<string, number>>(
    db,
    sql`select count(*)::int as recipients,
      count(*) filter (where status in ('sent', 'failed', 'bounced'))::int as sent,
      count(*) filter (where status = 'sent')::int as delivered,
      count(opened_at)::int as opened, count(clicked_at)::int as clicked, count(unsubscribed_at)::int as unsubscribed,
      count(*) filter (where status = 'bounced')::int as bounced, count(*) filter (where status = 'failed')::int as failed
      from campaign_recipients ${scope}`,
  );
  const [prefetch] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct recipient_id)::int as n from campaign_events where type = 'open' and prefetch ${campaignId ? sql`and campaign_id = ${campaignId}` : sql``}`,
  );
  // Bounces and complaints reported after the send (delivery-events.ts), each recipient counted once.
  const [reported] = await queryRows<{ soft: number; complaints: number }>(
    db,
    sql`select count(distinct coalesce(subscriber_id::text, email)) filter (where kind = 'soft')::int as soft,
        count(distinct coalesce(subscriber_id::text, email)) filter (where kind = 'complaint')::int as complaints
      from delivery_events where ${campaignId ? sql`campaign_id = ${campaignId}` : sql`campaign_id is not null`}`,
  );
  // People, as the funnel counts them: one person clicking a link again and again is one click.
  const topLinks = await queryRows<{ url: string; clicks: number }>(
    db,
    sql`select l.url, count(distinct e.recipient_id)::int as clicks from campaign_events e join campaign_links l on l.id = e.link_id
      where e.type = 'click' ${campaignId ? sql`and e.campaign_id = ${campaignId}` : sql``}
      group by l.url order by clicks desc limit 10`,
  );
  const n = (key: string) => totals?.[key] ?? 0;
  return {
    campaignId: campaignId ?? null,
    recipients: n("recipients"),
    sent: n("sent"),
    delivered: n("delivered"),
    opened: n("opened"),
    clicked: n("clicked"),
    unsubscribed: n("unsubscribed"),
    bounced: n("bounced"),
    softBounced: reported?.soft ?? 0,
    complained: reported?.complaints ?? 0,
    failed: n("failed"),
    prefetchOpens: prefetch?.n ?? 0,
    rates: {
      delivery: rate(n("delivered"), n("sent")),
      open: rate(n("opened"), n("delivered")),
      click: rate(n("clicked"), n("delivered")),
      clickToOpen: rate(n("clicked"), n("opened")),
      unsubscribe: rate(n("unsubscribed"), n("delivered")),
      bounce: rate(n("bounced"), n("sent")),
      complaint: rate(reported?.complaints ?? 0, n("delivered")),
    },
    topLinks,
  };
}

/** Daily sign-ups (signUpsPerDay, as the dashboard counts them) and unsubscribes over a window, with campaigns sent per day. */
export async function audienceGrowth(db: Db, days: number) {
  const since = windowStart(days);
  const [signUps, others] = await Promise.all([
    signUpsPerDay(db, days),
    queryRows<{ day: string; unsubscribed: number; campaigns: number }>(
      db,
      sql`with left_ as (select to_char(unsubscribed_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
          from subscribers where unsubscribed_at >= ${since} group by 1),
        sent as (select to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
          from campaigns where sent_at >= ${since} group by 1)
        select coalesce(l.day, s.day) as day, coalesce(l.n, 0) as unsubscribed, coalesce(s.n, 0) as campaigns
        from left_ l full join sent s on s.day = l.day`,
    ),
  ]);
  const byDay = new Map(others.map((row) => [row.day, row]));
  const rows = signUps.map(({ day, subscribed }) => ({
    day,
    subscribed,
    unsubscribed: byDay.get(day)?.unsubscribed ?? 0,
    campaigns: byDay.get(day)?.campaigns ?? 0,
  }));
  // An aggregate with no GROUP BY always answers one row; the zeros only tell the type so.
  const [totals = { subscribed: 0, unsubscribed: 0, bounced: 0, campaigns: 0 }] = await queryRows<{
    subscribed: number;
    unsubscribed: number;
    bounced: number;
    campaigns: number;
  }>(
    db,
    sql`select count(*) filter (where status = 'subscribed')::int as subscribed, count(*) filter (where status = 'unsubscribed')::int as unsubscribed,
      count(*) filter (where status = 'bounced')::int as bounced, (select count(*)::int from campaigns where status = 'sent') as campaigns from subscribers`,
  );
  return { days: rows, totals };
}
