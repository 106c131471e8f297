import { sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/sql.ts";
import type { ConfirmClaims } from "./confirm-links.ts";
import { activeSuppression, liftOwnUnsubscribe, suppress } from "./suppressions.ts";

/**
 * A footer sign-up. A new address is subscribed, or pending under double opt-in; a pending one is
 * subscribed with double opt-in off; a subscribed one is left as it is. Anyone can type anyone's
 * address, so a sign-up never brings back someone who left: an unsubscribed subscriber, or an address
 * the suppression list holds, stays unsubscribed (a new row for it is pending) until the mailbox's
 * owner confirms by email (confirmSubscription). The caller cannot tell which happened.
 *
 * Returns the subscriber a confirmation email should go to, or null: a pending or returning person,
 * unless the list holds them for a bounce, a complaint or an erasure (those stay until staff lift
 * them, and mailing them is what the list prevents).
 *
 * `requestedAt` is set for a sign-up applied after it was queued (pending-changes.ts): someone who
 * unsubscribed after it was asked for is not asked to confirm it.
 */
export async function subscribe(
  db: Db,
  email: string,
  consentIp: string,
  doubleOptIn: boolean,
  requestedAt?: Date,
): Promise<ToConfirm | null> {
  const now = requestedAt ?? new Date();
  const held = await activeSuppression(db, email);
  const status = doubleOptIn || held ? "pending" : "subscribed";
  // Raw SQL because the conflict target is the lower(email) expression index.
  const [row] = await queryRows<Person>(
    db,
    sql`
    insert into subscribers (id, email, status, source, consent_ip, consent_at, subscribed_at)
    values (${uuidv7()}, ${email}, ${status}, 'footer', ${consentIp}, ${now}, ${status === "subscribed" ? now : null})
    on conflict (lower(email)) do update
      set status = excluded.status, consent_ip = excluded.consent_ip, import_consent_id = null, consent_at = excluded.consent_at,
          subscribed_at = excluded.subscribed_at, updated_at = excluded.consent_at
      where subscribers.status = 'pending' and excluded.status = 'subscribed'
    returning id, status, ${leftMsOf} as "leftMs"`,
  );
  const person =
    row ??
    (
      await queryRows<Person>(
        db,
        sql`select id, status, ${leftMsOf} as "leftMs" from subscribers where lower(email) = lower(${email})`,
      )
    )[0];
  if (!person || !["pending", "unsubscribed"].includes(person.status)) return null;
  if (held && held.reason !== "unsubscribed") return null;
  return requestedAt && person.leftMs > requestedAt.getTime() ? null : person;
}

/** Whom to send a confirmation link, and their unsubscribe (epoch ms, 0 for none) that it is made after. */
export type ToConfirm = { id: string; status: string; leftMs: number };
type Person = ToConfirm;

/** A subscriber's unsubscribe as a confirmation link holds it: whole epoch milliseconds, 0 for none. */
const leftMsOf = sql`coalesce(floor(extract(epoch from unsubscribed_at) * 1000), 0)::float8`;

/**
 * Idempotent: a second click changes nothing and still says it worked. Applied after it was queued
 * (`requestedAt`), it leaves alone someone who subscribed again since.
 */
export async function unsubscribe(
  db: Db,
  subscriberId: string,
  requestedAt?: Date,
): Promise<{ email: string; changed: boolean } | null> {
  const at = requestedAt ?? sql`now()`;
  const rows = await queryRows<{ email: string; was: string }>(
    db,
    // The row is locked and read first: FOR UPDATE waits for an unsubscribe racing this one and reads
    // the status it left, where a subquery in RETURNING reads the statement's snapshot (PostgreSQL),
    // and every racing request took itself for the one that changed it.
    sql`
    with before as (select id, status from subscribers where id = ${subscriberId} for update)
    update subscribers s set status = 'unsubscribed', unsubscribed_at = coalesce(s.unsubscribed_at, ${at}), updated_at = now()
    from before
    where s.id = before.id
      ${requestedAt ? sql`and (s.status <> 'subscribed' or s.subscribed_at is null or s.subscribed_at <= ${requestedAt})` : sql``}
    returning s.email, before.status as was`,
  );
  const [row] = rows;
  if (row) await suppress(db, row.email, "unsubscribed");
  return row ? { email: row.email, changed: row.was !== "unsubscribed" } : null;
}

/**
 * An unsubscribe by one of our signed links or addresses, applied at once or from the queue behind an
 * import: the person is unsubscribed, or, deleted since, the address that campaign mailed is kept off
 * the list (unsubscribeFormer). Null when nobody was on the list to unsubscribe.
 */
export async function unsubscribeOrSuppress(
  db: Db,
  request: FormerClaims,
  requestedAt?: Date,
): Promise<{ email: string; changed: boolean } | null> {
  const result = await unsubscribe(db, request.subscriberId, requestedAt);
  if (!result) await unsubscribeFormer(db, request);
  return result;
}

/**
 * Who asked to leave: the subscriber, the campaign whose link or address they used, and, when no
 * campaign names it any more (its history deleted), the address that was mailed (former_recipients).
 */
type FormerClaims = { subscriberId: string; campaignId: string | null; email?: string | null };

/**
 * The unsubscribe link or address of someone no longer on the list (deleted since the campaign went
 * out): the address that campaign mailed, or the one given for a campaign whose history was deleted,
 * is suppressed, so a later import does not mail it again. An erased person's recipient row keeps no
 * address, and a link with neither a campaign nor an address names none: nothing to do.
 */
export async function unsubscribeFormer(db: Db, claims: FormerClaims): Promise<void> {
  const mailed = claims.campaignId
    ? (
        await queryRows<{ email: string }>(
          db,
          sql`select email from campaign_recipients
            where campaign_id = ${claims.campaignId} and subscriber_id = ${claims.subscriberId} and email like '%@%'`,
        )
      )[0]?.email
    : claims.email;
  if (mailed) await suppress(db, mailed, "unsubscribed");
}

/**
 * The mailbox's owner confirmed: a pending or returning person is subscribed, and their own
 * unsubscribe no longer keeps them off the list. Idempotent for someone already subscribed. A link
 * made before the person's latest unsubscribe confirms nothing (confirm-links.ts). A returning person's
 * click is their consent now (address and time), whatever brought them in before (an import, say); a
 * pending sign-up keeps the consent its own request recorded.
 */
export async function confirmSubscription(
  db: Db,
  { subscriberId, leftMs }: ConfirmClaims,
  consentIp: string,
): Promise<boolean> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`update subscribers set status = 'subscribed', subscribed_at = now(), unsubscribed_at = null, updated_at = now(),
          consent_ip = case when status = 'unsubscribed' then ${consentIp} else consent_ip end,
          import_consent_id = case when status = 'unsubscribed' then null else import_consent_id end,
          consent_at = case when status = 'unsubscribed' then now() else consent_at end
        where id = ${subscriberId} and status in ('pending', 'unsubscribed', 'subscribed') and ${leftMsOf} = ${leftMs}
        returning email`,
  );
  for (const row of rows) await liftOwnUnsubscribe(db, row.email);
  return rows.length > 0;
}
