import { newsletterCopy } from "@shop/shared/schemas/newsletter";
import { eq } from "drizzle-orm";
import { redactActivity } from "../../core/activity-log.ts";
import type { Db } from "../../db/client.ts";
import { erasures, subscribers, subscriberTags } from "../../db/schema/index.ts";
import { notFound } from "../../lib/errors.ts";
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
 * - delivery_events: reports about a campaign stay for its counts, anonymous; the rest go;
 * - activity_logs and import_jobs' reports: entries stay, with "[erased]" / "erased" where they named them;
 * - suppressions: only the address's hash, so no campaign mails it again; erasures: an anonymous count.
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
    const { email } = row;
    // Before the row goes: its delete would take the campaigns' reports with it (a foreign-key cascade).
    await forgetDeliveryEvents(tx, id, email);
    await eraseRecipient(tx, id, email);
    await forgetMailTo(tx, email, ["subscribe-confirmation"]);
    await forgetPendingChanges(tx, id, email);
    await redactImportReports(tx, email);
    await redactActivity(tx, { email, id });
    await tx.delete(subscriberTags).where(eq(subscriberTags.subscriberId, id));
    await tx.delete(subscribers).where(eq(subscribers.id, id));
    await suppressErased(tx, email);
    await tx.insert(erasures).values({});
  });
}
