import { randomUUID } from "node:crypto";
import { normaliseEmail } from "@shop/shared/email-address";
import {
  type DeliveryEvent,
  type DeliveryEventDto,
  type DeliveryEventKind,
  type DeliveryEventSource,
  subscriberDeliveryEventsShown,
} from "@shop/shared/schemas/deliverability";
import { sql } from "drizzle-orm";
import { recordActivity } from "../../core/activity-log.ts";
import type { Db } from "../../db/client.ts";
import { isUuid, pgArray, queryRows } from "../../lib/sql.ts";
import { bouncedAfterDelivery } from "../campaigns/recipient-queue.ts";
import { getSettings } from "../settings/service.ts";
import { suppressMany } from "./suppressions.ts";

export type DeliveryEventInput = {
  email: string;
  kind: DeliveryEventKind;
  campaignId?: string | null | undefined;
  reason: string;
  source: DeliveryEventSource;
};
export type DeliveryActor = { userId: string | null; ipAddress: string | null };

type Event = { email: string; kind: DeliveryEventKind; campaignId: string | null; reason: string; source: string };

const systemActor: DeliveryActor = { userId: null, ipAddress: null };

/**
 * The one home of what a bounce or complaint does, whichever way it came (the SMTP conversation, a
 * DSN or feedback report at the bounce listener, a webhook):
 * - every event is recorded per campaign (when it names a known one) and per subscriber;
 * - hard: the subscriber is bounced at once, the address suppressed, and the campaign's recipient
 *   counted as bounced rather than delivered;
 * - soft: counted in a row, once a campaign; at Settings' softBouncesToBounce the subscriber is bounced
 *   and suppressed;
 * - a bounce bounces someone who had unsubscribed too (a late report about an earlier campaign): the
 *   address is dead, and the list holds it as a bounce, which their own new sign-up does not lift;
 * - complaint: the subscriber is unsubscribed at once and the address suppressed.
 * A batch writes one activity-log row, not one per message. Addresses not on the list are still
 * recorded and (hard, complaint) suppressed: a later import of them must not mail them.
 */
export async function recordDeliveryEvents(
  db: Db,
  input: ReadonlyArray<DeliveryEventInput | DeliveryEvent>,
  actor: DeliveryActor = systemActor,
): Promise<{ recorded: number }> {
  const events: Event[] = input.map((event) => ({
    email: normaliseEmail(event.email),
    kind: event.kind,
    campaignId: event.campaignId && isUuid(event.campaignId) ? event.campaignId.toLowerCase() : null,
    reason: (event.reason ?? "").replaceAll("\u0000", "").slice(0, 1_000),
    source: event.source,
  }));
  if (events.length === 0) return { recorded: 0 };
  const { softBouncesToBounce } = await getSettings(db);
  await db.transaction(async (tx) => {
    const emails = [...new Set(events.map((e) => e.email))];
    const people = await queryRows<{ id: string; email: string }>(
      tx,
      sql`select id, lower(email) as email from subscribers where lower(email) = any(${pgArray(emails)}::text[])`,
    );
    const subscriberOf = new Map(people.map((p) => [p.email, p.id]));
    const named = [...new Set(events.flatMap((e) => (e.campaignId ? [e.campaignId] : [])))];
    const known = new Set(
      named.length === 0
        ? []
        : (
            await queryRows<{ id: string }>(tx, sql`select id from campaigns where id = any(${pgArray(named)}::uuid[])`)
          ).map((row) => row.id),
    );
    const rows = events.map((e) => ({
      ...e,
      campaignId: e.campaignId && known.has(e.campaignId) ? e.campaignId : null,
      subscriberId: subscriberOf.get(e.email) ?? null,
    }));
    const bouncedBefore = await campaignsBouncedBefore(tx, rows);
    await tx.execute(sql`insert into delivery_events (id, campaign_id, subscriber_id, email, kind, reason, source)
      select uuid_v7(), v.campaign_id, v.subscriber_id, v.email, v.kind, v.reason, v.source
      from unnest(${pgArray(rows.map((r) => r.campaignId))}::uuid[], ${pgArray(rows.map((r) => r.subscriberId))}::uuid[],
        ${pgArray(rows.map((r) => r.email))}::text[], ${pgArray(rows.map((r) => r.kind))}::text[],
        ${pgArray(rows.map((r) => r.reason))}::text[], ${pgArray(rows.map((r) => r.source))}::text[])
        as v(campaign_id, subscriber_id, email, kind, reason, source)`);

    const hard = rows.filter((r) => r.kind === "hard");
    const complaints = rows.filter((r) => r.kind === "complaint");
    const hardEmails = new Set(hard.map((r) => r.email));
    const ids = (list: typeof rows) => [...new Set(list.flatMap((r) => (r.subscriberId ? [r.subscriberId] : [])))];

    if (hard.length > 0) {
      await tx.execute(sql`update subscribers set status = 'bounced',
          hard_bounces = hard_bounces + 1, soft_bounce_streak = 0, updated_at = now()
        where id = any(${pgArray(ids(hard))}::uuid[])`);
      await suppressMany(tx, [...hardEmails], "hard-bounce");
      // The relay took the message, so it was counted delivered: a late hard bounce says it was not.
      await bouncedAfterDelivery(
        tx,
        hard.flatMap(({ campaignId, subscriberId, reason }) =>
          campaignId && subscriberId ? [{ campaignId, subscriberId, reason }] : [],
        ),
      );
    }

    // Soft bounces of someone who also bounced hard in this batch add nothing, and a campaign's
    // message counts once however many reports come back about it (a relay's retries, its repeated notices).
    const soft = rows.filter((r) => r.kind === "soft" && r.subscriberId && !hardEmails.has(r.email));
    if (soft.length > 0) {
      const counts = new Map<string, number>();
      for (const r of soft) {
        if (!r.subscriberId) continue;
        if (r.campaignId) {
          const message = `${r.subscriberId}/${r.campaignId}`;
          if (bouncedBefore.has(message)) continue;
          bouncedBefore.add(message);
        }
        counts.set(r.subscriberId, (counts.get(r.subscriberId) ?? 0) + 1);
      }
      const bounced = await queryRows<{ email: string }>(
        tx,
        sql`update subscribers s set soft_bounce_streak = s.soft_bounce_streak + v.n, updated_at = now(), status = 'bounced'
          from unnest(${pgArray([...counts.keys()])}::uuid[], ${pgArray([...counts.values()].map(String))}::int[]) as v(id, n)
          where s.id = v.id and s.soft_bounce_streak + v.n >= ${softBouncesToBounce}
          returning lower(s.email) as email`,
      );
      const below = [...counts.entries()];
      await tx.execute(sql`update subscribers s set soft_bounce_streak = s.soft_bounce_streak + v.n, updated_at = now()
        from unnest(${pgArray(below.map(([id]) => id))}::uuid[], ${pgArray(below.map(([, n]) => String(n)))}::int[]) as v(id, n)
        where s.id = v.id and s.soft_bounce_streak + v.n < ${softBouncesToBounce}`);
      await suppressMany(
        tx,
        bounced.map((row) => row.email),
        "soft-bounces",
      );
    }

    if (complaints.length > 0) {
      await tx.execute(sql`update subscribers set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()), updated_at = now()
        where id = any(${pgArray(ids(complaints))}::uuid[]) and status in ('subscribed', 'pending')`);
      await suppressMany(
        tx,
        complaints.map((r) => r.email),
        "complaint",
      );
    }

    await recordActivity(tx, {
      action: "Delivery reports",
      module: "newsletter",
      status: "Info",
      description: summary(rows),
      userId: actor.userId,
      ipAddress: actor.ipAddress,
      details: { subscriberEmails: [...new Set(rows.map((r) => r.email))].slice(0, 50) },
    });
  });
  return { recorded: events.length };
}

/** "subscriber/campaign" of the messages in `rows` that an earlier report already counted as a bounce. */
async function campaignsBouncedBefore(
  tx: Pick<Db, "execute">,
  rows: ReadonlyArray<{ kind: DeliveryEventKind; subscriberId: string | null; campaignId: string | null }>,
): Promise<Set<string>> {
  const pairs = rows.filter((r) => r.kind === "soft" && r.subscriberId && r.campaignId);
  if (pairs.length === 0) return new Set();
  const found = await queryRows<{ message: string }>(
    tx,
    sql`select distinct e.subscriber_id || '/' || e.campaign_id as message from delivery_events e
      join unnest(${pgArray(pairs.map((r) => r.subscriberId))}::uuid[], ${pgArray(pairs.map((r) => r.campaignId))}::uuid[])
        as v(subscriber_id, campaign_id) on e.subscriber_id = v.subscriber_id and e.campaign_id = v.campaign_id
      where e.kind in ('soft', 'hard')`,
  );
  return new Set(found.map((row) => row.message));
}

/** "2 hard bounces, 1 complaint (dsn, arf)" */
function summary(rows: Event[]): string {
  const count = (kind: DeliveryEventKind) => rows.filter((r) => r.kind === kind).length;
  const parts = [
    [count("hard"), "hard bounce", "hard bounces"],
    [count("soft"), "soft bounce", "soft bounces"],
    [count("complaint"), "complaint", "complaints"],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return `${said.join(", ")} recorded (${[...new Set(rows.map((r) => r.source))].join(", ")})`;
}

/**
 * A person's latest bounces and complaints, with the campaign's subject: a few for the quick view,
 * all of them (up to a bound) for their data export.
 */
export async function deliveryEventsOf(
  db: Db,
  subscriberId: string,
  limit = subscriberDeliveryEventsShown,
): Promise<DeliveryEventDto[]> {
  const rows = await queryRows<{
    id: string;
    campaign_id: string | null;
    subject: string | null;
    email: string;
    kind: DeliveryEventKind;
    reason: string;
    source: string;
    created_at: Date | string;
  }>(
    db,
    sql`select e.id, e.campaign_id, c.subject, e.email, e.kind, e.reason, e.source, e.created_at
      from delivery_events e left join campaigns c on c.id = e.campaign_id
      where e.subscriber_id = ${subscriberId} order by e.created_at desc, e.id desc limit ${limit}`,
  );
  return rows.map((row) => ({
    _id: row.id,
    campaignId: row.campaign_id,
    campaignSubject: row.subject,
    email: row.email,
    kind: row.kind,
    reason: row.reason,
    source: row.source,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * GDPR erasure, before the subscriber's row goes (its delete would take their reports with it): a
 * report about one of their campaign messages stays, so the campaign keeps its bounce and complaint
 * counts, but names them no more: its address becomes a random token, one per erasure (their reports
 * still count as one person's), without the subscriber or the report's text. The rest go.
 */
export async function forgetDeliveryEvents(db: Pick<Db, "execute">, subscriberId: string, email: string) {
  const theirs = sql`(subscriber_id = ${subscriberId} or lower(email) = ${email.trim().toLowerCase()})`;
  await db.execute(sql`delete from delivery_events where ${theirs} and campaign_id is null`);
  await db.execute(sql`update delivery_events set email = ${`erased:${randomUUID()}`}, subscriber_id = null, reason = ''
    where ${theirs}`);
}
