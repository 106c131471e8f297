import { sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/sql.ts";
import { liftOwnUnsubscribe, suppress } from "./suppressions.ts";

/**
 * A footer sign-up is consent: a new address is subscribed (or pending under double opt-in), an
 * unsubscribed one comes back (their own address now the consent, not an import they came from),
 * any other is left as it is. The caller cannot tell which happened.
 * Returns the subscriber's id and status when a confirmation email should go out.
 *
 * `requestedAt` is set for a sign-up applied after it was queued (pending-changes.ts): it then never
 * undoes an unsubscribe made after it was asked for.
 */
export async function subscribe(
  db: Db,
  email: string,
  consentIp: string,
  doubleOptIn: boolean,
  requestedAt?: Date,
): Promise<{ id: string; status: string } | null> {
  const now = requestedAt ?? new Date();
  const status = doubleOptIn ? "pending" : "subscribed";
  // Raw SQL because the conflict target is the lower(email) expression index.
  const [row] = await queryRows<{ id: string; status: string }>(
    db,
    sql`
    insert into subscribers (id, email, status, source, consent_ip, consent_at, subscribed_at)
    values (${uuidv7()}, ${email}, ${status}, 'footer', ${consentIp}, ${now}, ${doubleOptIn ? null : now})
    on conflict (lower(email)) do update
      set status = excluded.status, consent_ip = excluded.consent_ip, consent_source = null, consent_at = excluded.consent_at,
          subscribed_at = excluded.subscribed_at, unsubscribed_at = null, updated_at = excluded.consent_at
      where subscribers.status in ('unsubscribed', 'pending')
        ${requestedAt ? sql`and (subscribers.unsubscribed_at is null or subscribers.unsubscribed_at <= ${requestedAt})` : sql``}
    returning id, status`,
  );
  // Their own sign-up is fresh consent: an unsubscribe of theirs no longer stands in the way.
  if (row?.status === "subscribed") await liftOwnUnsubscribe(db, email);
  return row && row.status === "pending" ? row : null;
}

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
    sql`
    update subscribers set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, ${at}), updated_at = now()
    where id = ${subscriberId}
      ${requestedAt ? sql`and (status <> 'subscribed' or subscribed_at is null or subscribed_at <= ${requestedAt})` : sql``}
    returning email, (select status from subscribers s where s.id = ${subscriberId}) as was`,
  );
  const [row] = rows;
  if (row) await suppress(db, row.email, "unsubscribed");
  return row ? { email: row.email, changed: row.was !== "unsubscribed" } : null;
}

export async function confirmSubscription(db: Db, subscriberId: string): Promise<boolean> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`update subscribers set status = 'subscribed', subscribed_at = now(), updated_at = now()
        where id = ${subscriberId} and status in ('pending', 'subscribed') returning email`,
  );
  for (const row of rows) await liftOwnUnsubscribe(db, row.email);
  return rows.length > 0;
}
