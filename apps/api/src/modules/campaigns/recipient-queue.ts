import type { Audience } from "@shop/shared/schemas/campaigns";
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignRecipients, subscribers, subscriberTags } from "../../db/schema/index.ts";
import { literalPattern, pgArray, queryRows } from "../../lib/sql.ts";
import { suppressedAddress } from "../newsletter/suppressions.ts";

/**
 * The one home of a campaign's recipient rows and their status: queued in parts from when the campaign starts,
 * claimed under a lease by a sender, released when the lease runs out, and ended as sent, failed,
 * bounced or skipped (what the claim's holder writes back is recipient-outcomes.ts's). Any number of
 * senders may share it: a claim takes rows with FOR UPDATE SKIP LOCKED, so nobody is sent twice while
 * a lease holds.
 */

export type Claimed = {
  id: string;
  campaign_id: string;
  subscriber_id: string;
  email: string;
  attempts: number;
  subscriber_status: string | null;
  suppressed: boolean;
};

/** Subscribed people of the audience, never a suppressed address (modules/newsletter/suppressions.ts). */
function audienceWhere(audience: Audience): SQL {
  const subscribed = and(
    eq(subscribers.status, "subscribed"),
    sql`not ${suppressedAddress(sql`"subscribers"."email"`)}`,
  ) as SQL;
  if (audience.type === "tags") {
    return and(
      subscribed,
      sql`exists (select 1 from ${subscriberTags} where ${subscriberTags.subscriberId} = "subscribers"."id" and ${subscriberTags.tagId} = any(${pgArray(audience.tagIds)}::uuid[]))`,
    ) as SQL;
  }
  if (audience.type === "subscribers") return and(subscribed, inArray(subscribers.id, audience.subscriberIds)) as SQL;
  return subscribed;
}

export async function countAudience(db: Db, audience: Audience): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscribers).where(audienceWhere(audience));
  return row?.n ?? 0;
}

/**
 * How many people one statement queues. "Send now" answers after the first part and the sender
 * queues the rest while it sends: queueing 10,000 at once held the answer (and, on PGlite, the main
 * thread) for 0.2–0.5 s before the first message could go (decision 004). A part of 1,000 takes
 * ~40 ms on PGlite; parts of 250 cost 9% more of the main thread's CPU per message and sent no
 * faster (bench/send.mjs, PGlite, 10k).
 */
export const audiencePart = 1_000;

/**
 * Queues the next part of a started campaign's audience, in subscriber id order from where the last
 * part ended: one queued row per subscribed person (unique per campaign). The campaign's row is
 * locked for the statement, so senders queueing at once take turns and each part follows the last;
 * a campaign no longer sending or paused (cancelled) queues nobody. `complete` is whether the
 * audience is now queued to the end; null when the campaign is not being queued.
 */
export async function queueAudiencePart(
  db: Db,
  campaignId: string,
  audience: Audience,
  size = audiencePart,
): Promise<{ added: number; complete: boolean | null }> {
  const rows = await queryRows<{ added: number; complete: boolean | null }>(
    db,
    sql`with c as (
      select queued_through from campaigns
      where id = ${campaignId} and status in ('sending', 'paused') and not audience_queued for update),
    picked as (
      select "subscribers"."id", "subscribers"."email" from ${subscribers}, c
      where ${audienceWhere(audience)} and (c.queued_through is null or "subscribers"."id" > c.queued_through)
      order by "subscribers"."id" limit ${size}),
    added as (
      insert into ${campaignRecipients} (id, campaign_id, subscriber_id, email)
      select uuid_v7(), ${campaignId}, picked.id, picked.email from picked
      on conflict (campaign_id, subscriber_id) do nothing
      returning 1),
    moved as (
      update campaigns set
        queued_through = coalesce((select picked.id from picked order by picked.id desc limit 1), queued_through),
        audience_queued = (select count(*) from picked) < ${size}
      where id = ${campaignId} and exists (select 1 from c)
      returning audience_queued)
    select (select count(*)::int from added) as added, (select audience_queued from moved) as complete`,
  );
  return rows[0] ?? { added: 0, complete: null };
}

/** How many people a campaign has queued: its true audience once queueing is complete. */
export async function countQueued(db: Db, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId));
  return row?.n ?? 0;
}

/** Why a cancelled campaign's recipients were not sent (their rows' last error). */
export const cancelledReason = "Campaign cancelled";

/**
 * Sets a claimed row `r` back in the queue with `error` as its last error, or skipped when its
 * campaign was cancelled meanwhile: cancel skips only the rows queued at that moment, and claims come
 * only from sending campaigns, so a row queued after it would wait for ever.
 */
export function backInQueue(error: SQL): SQL {
  const cancelled = sql`exists (select 1 from campaigns c where c.id = r.campaign_id and c.status = 'cancelled')`;
  return sql`status = case when ${cancelled} then 'skipped' else 'queued' end,
    last_error = case when ${cancelled} then ${cancelledReason} else ${error} end, lease_until = null`;
}

/** Claims whose lease ran out (their process died) go back in the queue. */
export async function releaseExpiredClaims(db: Db): Promise<void> {
  await db.execute(sql`update campaign_recipients r set ${backInQueue(sql`r.last_error`)}
    where r.status = 'sending' and r.lease_until < now()`);
}

/**
 * The claims still being sent keep their lease for another `leaseMs`, so a batch slower than one lease
 * (a slow relay) is not released to another sender while it is still going out. A row released or
 * claimed again meanwhile is no longer this claim (its attempts differ) and is left alone.
 */
export async function extendClaims(
  db: Db,
  claims: ReadonlyArray<{ id: string; attempts: number }>,
  leaseMs: number,
): Promise<void> {
  if (claims.length === 0) return;
  await db.execute(sql`update campaign_recipients r set lease_until = now() + ${`${leaseMs} milliseconds`}::interval
    from unnest(${pgArray(claims.map((c) => c.id))}::uuid[], ${pgArray(claims.map((c) => String(c.attempts)))}::int[]) as v(id, attempts)
    where r.id = v.id and r.attempts = v.attempts and r.status = 'sending'`);
}

/**
 * Takes up to `batchSize` due recipients of sending campaigns under a lease of `leaseMs`, with
 * whether each is still subscribed and not suppressed (skipUndeliverable acts on that).
 */
export async function claimRecipients(db: Db, batchSize: number, leaseMs: number): Promise<Claimed[]> {
  // Each sending campaign's queue is read in its index's order (campaign, status, next attempt), so
  // the claim stops at the batch: ordering by id sorted every queued row on every claim, which was
  // half of each claim's time on PGlite, where statements run on the main thread.
  return queryRows<Claimed>(
    db,
    sql`with picked as (
      select q.id from campaigns c cross join lateral (
        select r.id from campaign_recipients r
        where r.campaign_id = c.id and r.status = 'queued' and r.next_attempt_at <= now()
        order by r.next_attempt_at limit ${batchSize} for update skip locked) q
      where c.status = 'sending' limit ${batchSize})
    update campaign_recipients r set status = 'sending', attempts = r.attempts + 1,
      lease_until = now() + ${`${leaseMs} milliseconds`}::interval
    from picked where r.id = picked.id
    returning r.id, r.campaign_id, r.subscriber_id, r.email, r.attempts,
      (select s.status from subscribers s where s.id = r.subscriber_id) as subscriber_status,
      ${suppressedAddress(sql`r.email`)} as suppressed`,
  );
}

/**
 * Someone who left, bounced or was suppressed after the campaign started is skipped, not mailed.
 * Returns the rest of the batch.
 */
export async function skipUndeliverable(db: Db, batch: Claimed[]): Promise<Claimed[]> {
  const gone = batch.filter((r) => r.subscriber_status !== "subscribed" && !r.suppressed);
  const suppressed = batch.filter((r) => r.suppressed);
  for (const [rows, why] of [
    [gone, "Not subscribed at send time"],
    [suppressed, "Suppressed at send time"],
  ] as const) {
    if (rows.length === 0) continue;
    await db.execute(sql`update campaign_recipients set status = 'skipped', lease_until = null, last_error = ${why}
      where id = any(${pgArray(rows.map((r) => r.id))}::uuid[])`);
  }
  return batch.filter((r) => r.subscriber_status === "subscribed" && !r.suppressed);
}

/** A cancelled campaign's recipients still waiting are skipped. */
export async function skipQueued(db: Db, campaignId: string, why: string): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ status: "skipped", lastError: why })
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, "queued")));
}

/**
 * A hard bounce reported after the relay took the message (delivery-events.ts): the recipient was
 * counted delivered, and is counted bounced instead.
 */
export async function bouncedAfterDelivery(
  db: Pick<Db, "execute">,
  rows: ReadonlyArray<{ campaignId: string; subscriberId: string; reason: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`update campaign_recipients r set status = 'bounced', last_error = v.reason
    from unnest(${pgArray(rows.map((r) => r.campaignId))}::uuid[], ${pgArray(rows.map((r) => r.subscriberId))}::uuid[],
      ${pgArray(rows.map((r) => r.reason))}::text[]) as v(campaign_id, subscriber_id, reason)
    where r.campaign_id = v.campaign_id and r.subscriber_id = v.subscriber_id and r.status = 'sent'`);
}

/** What an erased person's recipient rows show instead of their address (the report's recipient list). */
export const erasedRecipient = "erased";

/**
 * GDPR erasure (newsletter/erasure.ts, in its transaction): the person's recipient rows stay, so
 * every campaign keeps its counts, with their status and times but without their address, an error
 * text quoting it, or their subscriber id (a random one instead, so their rows in different campaigns
 * no longer belong together). Rows of the same address under an earlier, deleted subscriber go too:
 * they are found by the ids `rememberFormerSubscriber` kept, so no index on the rows' address is
 * needed (one would cost every recipient queued; decision 014). A row still queued is skipped: no
 * campaign mails them again. The rows kept from campaigns whose history was deleted (former_recipients)
 * go, found by this id and by the address (for rows kept under an earlier, deleted subscriber's id).
 */
export async function eraseRecipient(db: Pick<Db, "execute">, subscriberId: string, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.execute(sql`update campaign_recipients set email = ${erasedRecipient}, subscriber_id = gen_random_uuid(),
      status = case when status = 'queued' then 'skipped' else status end,
      last_error = case when status = 'queued' then 'Erased before sending'
        else regexp_replace(last_error, ${literalPattern([email])}, ${erasedRecipient}, 'gi') end
    where subscriber_id = ${subscriberId}
      or (subscriber_id = any(array(select subscriber_id from former_subscriber_ids where email = ${address}))
        and lower(email) = ${address})`);
  await db.execute(sql`delete from former_subscriber_ids where email = ${address}`);
  await db.execute(
    sql`delete from former_recipients where subscriber_id = ${subscriberId} or lower(email) = ${address}`,
  );
}

/**
 * A subscriber is being deleted (in its transaction): their id is kept with each address they were
 * mailed under, for a later erasure of that address.
 */
export async function rememberFormerSubscriber(db: Pick<Db, "execute">, subscriberId: string): Promise<void> {
  await db.execute(sql`insert into former_subscriber_ids (subscriber_id, email)
    select distinct subscriber_id, lower(email) from campaign_recipients
    where subscriber_id = ${subscriberId} and email <> ${erasedRecipient}
    on conflict do nothing`);
}

/**
 * A campaign's history is being deleted (in its transaction, before the delete): each recipient a
 * message may have gone to (sent, bounced after the relay took it, or in flight) is kept by its row's
 * id, which the bounces+ and unsubscribe+ addresses in that message name, so the bounce listener still
 * honours their mailto unsubscribe and a late report about it. An erased row names nobody: not kept.
 */
export async function rememberFormerRecipients(db: Pick<Db, "execute">, campaignId: string): Promise<void> {
  await db.execute(sql`insert into former_recipients (id, subscriber_id, email)
    select id, subscriber_id, email from campaign_recipients
    where campaign_id = ${campaignId} and (sent_at is not null or status = 'sending') and email <> ${erasedRecipient}
    on conflict do nothing`);
}

/** Nothing of the campaign is left to send: no recipient queued or under a lease. */
export function queueEmpty(campaignId: string): SQL {
  return sql`not exists (select 1 from campaign_recipients where campaign_id = ${campaignId} and status in ('queued', 'sending'))`;
}

/** How a finished campaign went, for its log. */
export async function tally(db: Db, campaignId: string): Promise<{ sent: number; failed: number }> {
  const [counts] = await queryRows<{ sent: number; failed: number }>(
    db,
    sql`select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status in ('failed', 'bounced'))::int as failed
      from campaign_recipients where campaign_id = ${campaignId}`,
  );
  return counts ?? { sent: 0, failed: 0 };
}
