import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignLinks } from "../../db/schema/index.ts";
import { pgArray, queryRows } from "../../lib/sql.ts";

type PendingEvent = { recipientId: string; type: "open" | "click"; linkId: string | null; prefetch: boolean };

/** Apple Mail Privacy Protection fetches images from Apple's network (17.0.0.0/8) with a bare UA. */
export function isPrefetch(ip: string, userAgent: string | undefined): boolean {
  return ip.startsWith("17.") || ip.startsWith("::ffff:17.") || userAgent?.trim() === "Mozilla/5.0";
}

/**
 * Rows per insert of events: 6 parameters each, so a statement stays far below PostgreSQL's limit of
 * 65,535 parameters (10,922 rows) that a busy flush used to exceed, losing the whole batch.
 */
const eventsPerInsert = 1_000;

/** Events waiting to be written, at most this many: a flood of requests cannot grow memory without end. */
const pendingLimit = 100_000;

/**
 * Opens and clicks are queued in memory and written in batches, so a burst of tracking requests
 * costs the storefront a few statements a second rather than one per request. Each is kept once per
 * recipient, kind and link (as stored: the campaign_events_once_idx index), so someone requesting a
 * link again and again neither inflates the stats nor crowds out other people's events.
 */
export function createEventRecorder(db: Db, flushMs = 250) {
  let queue = new Map<string, PendingEvent>();
  let flushing: Promise<void> | undefined;
  const linkUrls = new Map<string, string>();

  async function flush(): Promise<void> {
    if (queue.size === 0) return;
    const events = [...queue.values()];
    queue = new Map();
    const rows = await queryRows<{ id: string; campaign_id: string }>(
      db,
      sql`select id, campaign_id from campaign_recipients where id = any(${pgArray([...new Set(events.map((e) => e.recipientId))])}::uuid[])`,
    );
    const campaignOf = new Map(rows.map((row) => [row.id, row.campaign_id]));
    const known = events.filter((e) => campaignOf.has(e.recipientId));
    if (known.length === 0) return;
    for (let start = 0; start < known.length; start += eventsPerInsert) {
      await db
        .insert(campaignEvents)
        .values(
          known.slice(start, start + eventsPerInsert).map((e) => ({
            campaignId: campaignOf.get(e.recipientId) ?? "",
            recipientId: e.recipientId,
            type: e.type,
            linkId: e.linkId,
            prefetch: e.prefetch,
          })),
        )
        .onConflictDoNothing();
    }
    const opened = [...new Set(known.filter((e) => !e.prefetch).map((e) => e.recipientId))];
    if (opened.length > 0) {
      await db.execute(
        sql`update campaign_recipients set opened_at = now() where opened_at is null and id = any(${pgArray(opened)}::uuid[])`,
      );
      // A person's own open or click shows mail reaches them: earlier soft bounces are no longer in a row.
      await db.execute(sql`update subscribers set soft_bounce_streak = 0 where soft_bounce_streak > 0
        and id in (select subscriber_id from campaign_recipients where id = any(${pgArray(opened)}::uuid[]))`);
    }
    const clicked = [...new Set(known.filter((e) => e.type === "click").map((e) => e.recipientId))];
    if (clicked.length > 0) {
      await db.execute(
        sql`update campaign_recipients set clicked_at = now() where clicked_at is null and id = any(${pgArray(clicked)}::uuid[])`,
      );
    }
  }

  const timer = setInterval(() => {
    flushing ??= flush()
      .catch(() => {})
      .finally(() => {
        flushing = undefined;
      });
  }, flushMs);
  timer.unref();

  return {
    record(event: PendingEvent) {
      const key = `${event.recipientId} ${event.type} ${event.linkId} ${event.prefetch}`;
      if (queue.size < pendingLimit) queue.set(key, event);
    },
    /** Only URLs stored for a campaign can be a click's destination. */
    async linkUrl(linkId: string): Promise<string | undefined> {
      const cached = linkUrls.get(linkId);
      if (cached) return cached;
      const [row] = await db.select({ url: campaignLinks.url }).from(campaignLinks).where(eq(campaignLinks.id, linkId));
      if (row) {
        if (linkUrls.size > 10_000) linkUrls.clear();
        linkUrls.set(linkId, row.url);
      }
      return row?.url;
    },
    async close() {
      clearInterval(timer);
      await this.flush();
    },
    /** Everything recorded so far is written when this resolves, including what the timer took and is writing. */
    async flush() {
      await flushing;
      await flush();
    },
  };
}

export type EventRecorder = ReturnType<typeof createEventRecorder>;

/**
 * The ids of a campaign's links, in the order given, stored first where new: only stored URLs can be
 * a click's destination. The sender and a test send both mail links through these.
 */
export async function storeCampaignLinks(db: Db, campaignId: string, urls: string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  await db
    .insert(campaignLinks)
    .values(urls.map((url) => ({ campaignId, url })))
    .onConflictDoNothing();
  const links = await db.select().from(campaignLinks).where(eq(campaignLinks.campaignId, campaignId));
  const idByUrl = new Map(links.map((link) => [link.url, link.id]));
  return urls.map((url) => idByUrl.get(url) ?? "");
}

/** An unsubscribe that came from a campaign's link counts against that campaign. */
export async function attributeUnsubscribe(db: Db, subscriberId: string, campaignId: string): Promise<void> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update campaign_recipients set unsubscribed_at = coalesce(unsubscribed_at, now())
      where campaign_id = ${campaignId} and subscriber_id = ${subscriberId} returning id`,
  );
  const [row] = rows;
  if (row) await db.insert(campaignEvents).values({ campaignId, recipientId: row.id, type: "unsubscribe" });
}
