import { randomUUID } from "node:crypto";
import { type Audience, type CampaignDto, campaignCopy } from "@shop/shared/schemas/campaigns";
import { suppressionCopy } from "@shop/shared/schemas/suppressions";
import { and, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaigns } from "../../db/schema/index.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { campaignMessage } from "../../mail/campaign-message.ts";
import { sanitizeCampaignHtml } from "../../mail/render.ts";
import { withSender } from "../../mail/sender.ts";
import { relayFailure } from "../../mail/smtp-errors.ts";
import type { Mailer } from "../../mail/transport.ts";
import { activeSuppression } from "../newsletter/suppressions.ts";
import { getSettings } from "../settings/service.ts";
import { campaignForSending, type DeliveryContext } from "./delivery.ts";
import { getCampaign, logCampaign, toCampaignDto } from "./history.ts";
import { editable } from "./lifecycle.ts";
import { countAudience, rememberFormerRecipients } from "./recipient-queue.ts";

/** A campaign's content before it starts: drafting, editing, deleting, and a test send of it. */

export async function createCampaign(
  db: Db,
  input: { subject: string; preheader: string; html: string; audience: Audience },
  createdBy: string,
): Promise<CampaignDto> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...input, html: sanitizeCampaignHtml(input.html), createdBy })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  await logCampaign(db, row.id, "created");
  return toCampaignDto(row);
}

export async function updateCampaign(
  db: Db,
  id: string,
  input: { subject?: string; preheader?: string; html?: string; audience?: Audience },
) {
  const before = await getCampaign(db, id);
  if (!editable.includes(before.status)) throw conflict(campaignCopy.notEditable);
  // A scheduled campaign goes out without anyone looking again: its audience is checked as scheduling
  // checks it. A draft's is checked when it is scheduled or sent.
  if (input.audience && before.status === "scheduled" && (await countAudience(db, input.audience)) === 0) {
    throw badRequest(campaignCopy.noRecipients);
  }
  const [row] = await db
    .update(campaigns)
    .set({ ...input, ...(input.html !== undefined && { html: sanitizeCampaignHtml(input.html) }) })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, editable)))
    .returning();
  if (!row) throw conflict(campaignCopy.notEditable);
  return { before, after: toCampaignDto(row) };
}

/**
 * Deletes the campaign in one statement that checks its status as it deletes, so a start (the
 * scheduler) or a resume between the check and the delete is never deleted with it; answers what
 * was deleted. `refusal` is the conflict when the campaign is there in another status.
 */
async function deleteWhere(db: Db, id: string, status: SQL, refusal: string): Promise<CampaignDto> {
  const [row] = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), status))
    .returning();
  if (row) return toCampaignDto(row);
  await getCampaign(db, id); // not found: 404
  throw conflict(refusal);
}

export async function deleteDraft(db: Db, id: string): Promise<CampaignDto> {
  return deleteWhere(db, id, inArray(campaigns.status, editable) as SQL, campaignCopy.notEditable);
}

/**
 * History may be deleted once nothing is being sent from it. The addresses it mailed are kept with
 * the recipient ids their mail names (rememberFormerRecipients), for the unsubscribes and bounce
 * reports still to come about it; kept only if the campaign goes.
 */
export async function deleteHistory(db: Db, id: string): Promise<CampaignDto> {
  return db.transaction(async (tx) => {
    await rememberFormerRecipients(tx, id);
    return deleteWhere(tx, id, ne(campaigns.status, "sending"), "Pause or cancel the campaign before deleting it");
  });
}

/**
 * Sends one copy of the campaign to `email` at once, marked as a test: its links work but count
 * nothing, and it unsubscribes nobody. Not to an address on the suppression list (409). A relay's
 * refusal is the answer (502 with its words).
 */
export async function sendTestEmail(
  db: Db,
  mailer: Mailer,
  id: string,
  email: string,
  context: Pick<DeliveryContext, "secret" | "publicUrl" | "mailFrom">,
): Promise<CampaignDto> {
  const campaign = await getCampaign(db, id);
  // A promise never to mail an address (erased, complained, bounced, unsubscribed) holds for tests too.
  const suppressed = await activeSuppression(db, email);
  if (suppressed) throw conflict(suppressionCopy.testRefused(suppressed.reason));
  const settings = await getSettings(db);
  const prepared = await campaignForSending(
    db,
    { ...campaign, id: campaign._id, subject: `[Test] ${campaign.subject}` },
    settings.storeName,
    true,
  );
  const message = campaignMessage(
    prepared,
    { id: randomUUID(), subscriberId: randomUUID(), email },
    { secret: context.secret, publicUrl: context.publicUrl, settings: withSender(settings, context.mailFrom) },
  );
  await mailer.send(message).catch((error: unknown) => {
    throw relayFailure(error, "the test email");
  });
  return campaign;
}
