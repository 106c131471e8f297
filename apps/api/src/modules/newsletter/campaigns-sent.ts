import type { SentCampaign } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/sql.ts";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The campaigns a person was queued for, newest first, with what happened to their message and what
 * they did with it: personal data their export must show (GDPR art. 15), found by their id.
 */
export async function campaignsSentTo(db: Db, subscriberId: string, limit: number): Promise<SentCampaign[]> {
  const rows = await queryRows<{
    campaign_id: string;
    subject: string;
    status: string;
    sent_at: Date | string | null;
    opened_at: Date | string | null;
    clicked_at: Date | string | null;
    unsubscribed_at: Date | string | null;
  }>(
    db,
    sql`select r.campaign_id, c.subject, r.status, r.sent_at, r.opened_at, r.clicked_at, r.unsubscribed_at
      from campaign_recipients r join campaigns c on c.id = r.campaign_id
      where r.subscriber_id = ${subscriberId}
      order by coalesce(r.sent_at, c.created_at) desc, r.campaign_id limit ${limit}`,
  );
  return rows.map((row) => ({
    campaignId: row.campaign_id,
    subject: row.subject,
    status: row.status,
    sentAt: iso(row.sent_at),
    openedAt: iso(row.opened_at),
    clickedAt: iso(row.clicked_at),
    unsubscribedAt: iso(row.unsubscribed_at),
  }));
}
