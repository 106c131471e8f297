import { sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import type { Db } from "../../db/client.ts";

/**
 * A footer sign-up is consent: a new address is subscribed, an unsubscribed one comes back,
 * any other is left as it is. The caller cannot tell which happened.
 */
export async function subscribe(db: Db, email: string, consentIp: string): Promise<void> {
  const now = new Date();
  // Raw SQL because the conflict target is the lower(email) expression index.
  await db.execute(sql`
    insert into subscribers (id, email, status, source, consent_ip, consent_at, subscribed_at)
    values (${uuidv7()}, ${email}, 'subscribed', 'footer', ${consentIp}, ${now}, ${now})
    on conflict (lower(email)) do update
      set status = 'subscribed', consent_ip = excluded.consent_ip, consent_at = excluded.consent_at,
          subscribed_at = excluded.subscribed_at, unsubscribed_at = null, updated_at = excluded.consent_at
      where subscribers.status = 'unsubscribed'`);
}
