import { newsletterCopy } from "@shop/shared/schemas/newsletter";
import { eq, sql } from "drizzle-orm";
import { erasedMention, redactActivity } from "../../core/activity-log.ts";
import type { Db } from "../../db/client.ts";
import { erasures, formerSubscriberIds, subscribers, subscriberTags } from "../../db/schema/index.ts";
import { notFound } from "../../lib/errors.ts";
import { queryRows, standaloneAddressPattern } from "../../lib/sql.ts";
import { forgetMailTo } from "../../mail/outbox.ts";
import { eraseRecipient } from "../campaigns/recipient-queue.ts";
import { forgetDeliveryEvents } from "./delivery-events.ts";
import { redactImportReports } from "./import/jobs.ts";
import { forgetPendingChanges } from "./pending-changes.ts";
import { suppressErased } from "./suppressions.ts";

/**
 * GDPR erasure, in one transaction: nothing left names the person, wherever the shop wrote their
 * address or id, and what the shop counts stays counted.
 * - subscribers, subscriber_tags, pending_subscriber_changes: their rows go;
 * - mail_outbox: their confirmation emails go, sent or waiting, so nothing more is sent to them;
 * - campaign_recipients: rows stay for the campaigns' counts, without their address or id; a queued one is skipped;
 * - former_recipients (kept from campaigns whose history was deleted): their rows go;
 * - delivery_events: reports about a campaign stay for its counts, anonymous; the rest go;
 * - activity_logs, campaign_logs and import_jobs' reports: entries stay, with "[erased]" / "erased"
 *   where they named them;
 * - suppressions: only the address's hash, so no campaign mails it again; erasures: an anonymous count.
 * Each of this person's addresses is erased alike: the one they have now and any staff corrected away
 * from (former_subscriber_ids), unless someone else has signed up with it since.
 * Enquiries (contacts and their mail) and staff accounts are other records, and are left alone.
 */
export async function eraseSubscriber(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(eq(subscribers.id, id))
      .for("update");
    if (!row) throw notFound(newsletterCopy.subscriberNotFound);
    const addresses = [row.email, ...(await formerAddresses(tx, id, row.email))];
    for (const email of addresses) {
      // Before the row goes: its delete would take the campaigns' reports with it (a foreign-key cascade).
      await forgetDeliveryEvents(tx, id, email);
      await eraseRecipient(tx, id, email);
      await forgetMailTo(tx, email, ["subscribe-confirmation"]);
      await forgetPendingChanges(tx, id, email);
      await redactImportReports(tx, email);
      await redactActivity(tx, { email, id });
      await redactCampaignLogs(tx, email);
    }
    await tx.delete(subscriberTags).where(eq(subscriberTags.subscriberId, id));
    await tx.delete(subscribers).where(eq(subscribers.id, id));
    await tx.delete(formerSubscriberIds).where(eq(formerSubscriberIds.subscriberId, id));
    for (const email of addresses) await suppressErased(tx, email);
    await tx.insert(erasures).values({});
  });
}

/**
 * Addresses this subscriber had before staff changed them (updateSubscriber keeps them), except one
 * that belongs to someone in the audience now: theirs is not this person's to erase.
 */
async function formerAddresses(db: Pick<Db, "execute">, id: string, current: string): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select f.email from former_subscriber_ids f
      where f.subscriber_id = ${id} and f.email <> lower(${current})
        and not exists (select 1 from subscribers s where lower(s.email) = f.email)`,
  );
  return rows.map((row) => row.email);
}

/**
 * A campaign's log may quote a relay's reply, and a policy refusal names the recipient it refused
 * ("5.7.1 <rita@example.com>: Relay access denied"). The log is a few lines a campaign, so it is
 * searched whole.
 */
async function redactCampaignLogs(db: Pick<Db, "execute">, email: string): Promise<void> {
  const pattern = standaloneAddressPattern(email);
  await db.execute(sql`update campaign_logs set message = regexp_replace(message, ${pattern}, ${erasedMention}, 'gi')
    where message ~* ${pattern}`);
}
