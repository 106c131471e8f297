import { sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/sql.ts";

/**
 * A footer sign-up is consent: a new address is subscribed (or pending under double opt-in), an
 * unsubscribed one comes back, any other is left as it is. The caller cannot tell which happened.
 * Returns the subscriber's id and status when a confirmation email should go out.
 */
export async function subscribe(
  db: Db,
  email: string,
  consentIp: string,
  doubleOptIn: boolean,
): Promise<{ id: string; status: string } | null> {
  const now = new Date();
  const status = doubleOptIn ? "pending" : "subscribed";
  // Raw SQL because the conflict target is the lower(email) expression index.
  const [row] = await queryRows<{ id: string; status: string }>(
    db,
    sql`
    insert into subscribers (id, email, status, source, consent_ip, consent_at, subscribed_at)
    values (${uuidv7()}, ${email}, ${status}, 'footer', ${consentIp}, ${now}, ${doubleOptIn ? null : now})
    on conflict (lower(email)) do update
      set status = excluded.status, consent_ip = excluded.consent_ip, consent_at = excluded.consent_at,
          subscribed_at = excluded.subscribed_at, unsubscribed_at = null, updated_at = excluded.consent_at
      where subscribers.status in ('unsubscribed', 'pending')
    returning id, status`,
  );
  return row && row.status === "pending" ? row : null;
}

/** Idempotent: a second click changes nothing and still says it worked. */
export async function unsubscribe(db: Db, subscriberId: string): Promise<{ email: string; changed: boolean } | null> {
  const rows = await queryRows<{ email: string; was: string }>(
    db,
    sql`
    update subscribers set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()), updated_at = now()
    where id = ${subscriberId}
    returning email, (select status from subscribers s where s.id = ${subscriberId}) as was`,
  );
  const [row] = rows;
  return row ? { email: row.email, changed: row.was !== "unsubscribed" } : null;
}

export async function confirmSubscription(db: Db, subscriberId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update subscribers set status = 'subscribed', subscribed_at = now(), updated_at = now()
        where id = ${subscriberId} and status in ('pending', 'subscribed') returning id`,
  );
  return rows.length > 0;
}
