import type { Settings } from "@shop/shared/schemas/settings";
import type { FastifyInstance } from "fastify";
import { recordActivity } from "../../core/activity-log.ts";
import type { Db } from "../../db/client.ts";
import { loggableError } from "../../lib/errors.ts";
import { escapeHtml } from "../../lib/escape-html.ts";
import { enqueueMail, mailAllowedTo } from "../../mail/outbox.ts";
import { senderOf } from "../../mail/sender.ts";
import { cachedSettings } from "../settings/service.ts";
import { signConfirmLink } from "./confirm-links.ts";
import { applyPendingChanges, type MailConfirmation } from "./pending-changes.ts";

/**
 * What a public sign-up or unsubscribe does besides changing the subscriber: the confirmation email,
 * the activity entry and the campaign's credit. Done when the change is made, at once or, for one
 * queued behind a bulk import, when the queue is applied.
 */

export type EmailLinks = { linkSecret: string; publicUrl: string };

/** The double opt-in email's words (only the API sends them, so they live beside it, as enquiryMailCopy does). */
const confirmationMailCopy = {
  subject: (store: string) => `Confirm your subscription to ${store}`,
  ask: (store: string) => `Please confirm that you want to receive emails from ${store}`,
  button: "Confirm my subscription",
  notYou: "If you did not ask for this, ignore this email.",
} as const;

/**
 * A pending sign-up's, or a returning person's, one link that confirms the subscription
 * (subscribe-service.ts), written to the outbox in the sign-up's own transaction (`db`), so a relay
 * that is down delays the email instead of failing the sign-up. The caller wakes the outbox once that
 * commits. `settings` are read before the transaction: on PGlite a read beside it would wait for it.
 */
export async function enqueueConfirmation(
  app: FastifyInstance,
  db: Db,
  links: EmailLinks & { settings: Settings },
  to: { id: string; email: string; leftMs: number },
) {
  if (!(await confirmationAllowed(db, to.email))) return;
  const { settings } = links;
  const token = signConfirmLink(links.linkSecret, { subscriberId: to.id, leftMs: to.leftMs });
  const link = `${links.publicUrl}/confirm/${token}`;
  const copy = confirmationMailCopy;
  await enqueueMail(db, {
    kind: "subscribe-confirmation",
    to: to.email,
    message: {
      from: senderOf(settings, app.mailFrom),
      subject: copy.subject(settings.storeName),
      text: `${copy.ask(settings.storeName)}:\n\n${link}\n\n${copy.notYou}`,
      html: `<p>${copy.ask(escapeHtml(settings.storeName))}.</p><p><a href="${link}">${copy.button}</a></p><p>${copy.notYou}</p>`,
    },
  });
}

/**
 * Confirmations to one address a day: enough for a lost email or two, too few for anyone who types the
 * address into the footer to flood the mailbox (the per-IP limit does not stop many clients).
 */
const confirmationsPerDay = 3;

/** Whether the address may get another confirmation (see mailAllowedTo). */
const confirmationAllowed = (db: Db, email: string) =>
  mailAllowedTo(db, { address: email, kind: "subscribe-confirmation", window: "1 day", limit: confirmationsPerDay });

export async function recordUnsubscribe(
  app: FastifyInstance,
  left: { subscriberId: string; email: string; campaignId: string | null; ipAddress: string | null },
) {
  await recordActivity(app.db, {
    module: "newsletter",
    action: "Unsubscribe",
    status: "Success",
    description: `${left.email} unsubscribed`,
    userId: null,
    ipAddress: left.ipAddress,
    details: {
      subscriberInfo: { email: left.email, id: left.subscriberId },
      ...(left.campaignId && { emailHistoryId: left.campaignId }),
    },
  });
  await app.onUnsubscribe?.(left.subscriberId, left.campaignId);
}

/** Applies the changes queued behind a bulk import, with their emails and records; logs a failure. */
export async function applyQueuedChanges(app: FastifyInstance, links: EmailLinks): Promise<void> {
  try {
    const settings = await cachedSettings(app.db, app.publicCache);
    const mailConfirmation: MailConfirmation = (tx, to) => enqueueConfirmation(app, tx, { ...links, settings }, to);
    await applyPendingChanges(app.db, mailConfirmation, async (change) => {
      if (change.kind === "unsubscribe" && change.result?.changed) {
        await recordUnsubscribe(app, { ...change, email: change.result.email });
      }
    });
  } catch (error) {
    app.log.error({ err: loggableError(error) }, "could not apply queued sign-ups and unsubscribes");
  }
  app.outbox.wake();
}
