import type { FunnelDto } from "@shop/shared/schemas/campaigns";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/sql.ts";

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
    sql`select count(*)::int as n from campaign_events where type = 'open' and prefetch ${campaignId ? sql`and campaign_id = ${campaignId}` : sql``}`,
  );
  // Bounces and complaints reported after the send (delivery-events.ts), each recipient counted once.
  const [reported] = await queryRows<{ soft: number; complaints: number }>(
    db,
    sql`select count(distinct coalesce(subscriber_id::text, email)) filter (where kind = 'soft')::int as soft,
        count(distinct coalesce(subscriber_id::text, email)) filter (where kind = 'complaint')::int as complaints
      from delivery_events where ${campaignId ? sql`campaign_id = ${campaignId}` : sql`campaign_id is not null`}`,
  );
  const topLinks = await queryRows<{ url: string; clicks: number }>(
    db,
    sql`select l.url, count(*)::int as clicks from campaign_events e join campaign_links l on l.id = e.link_id
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

/** Daily sign-ups and unsubscribes over a window, with campaigns sent per day: three grouped scans. */
export async function audienceGrowth(db: Db, days: number) {
  const rows = await queryRows<{ day: string; subscribed: number; unsubscribed: number; campaigns: number }>(
    db,
    sql`with days as (select generate_series(current_date - ${days - 1}::int, current_date, interval '1 day')::date as day),
      joined as (select subscribed_at::date as day, count(*)::int as n from subscribers
        where subscribed_at >= current_date - ${days - 1}::int group by 1),
      left_ as (select unsubscribed_at::date as day, count(*)::int as n from subscribers
        where unsubscribed_at >= current_date - ${days - 1}::int group by 1),
      sent as (select sent_at::date as day, count(*)::int as n from campaigns
        where sent_at >= current_date - ${days - 1}::int group by 1)
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(j.n, 0) as subscribed, coalesce(l.n, 0) as unsubscribed,
        coalesce(s.n, 0) as campaigns
      from days d left join joined j on j.day = d.day left join left_ l on l.day = d.day left join sent s on s.day = d.day
      order by d.day`,
  );
  const [totals] = await queryRows<{ subscribed: number; unsubscribed: number; bounced: number; campaigns: number }>(
    db,
    sql`select count(*) filter (where status = 'subscribed')::int as subscribed, count(*) filter (where status = 'unsubscribed')::int as unsubscribed,
      count(*) filter (where status = 'bounced')::int as bounced, (select count(*)::int from campaigns where status = 'sent') as campaigns from subscribers`,
  );
  return { days: rows, totals };
}
