import type { PostmarkWebhook, SendgridEvent, SesNotification } from "@shop/shared/schemas/bounces";
import type { DeliveryEvent } from "@shop/shared/schemas/deliverability";

/** Our own campaign id, when the provider hands back something that names one. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const campaignIdOf = (value: string | undefined) => (value && uuid.test(value) ? value : undefined);

/**
 * SES: a Permanent bounce is hard; Transient and Undetermined are soft (they count towards the
 * Settings limit); a complaint names the recipients who marked the message as spam. The campaign
 * comes from the X-Campaign-Id header when SES includes the original headers.
 */
export function eventsFromSes(notification: SesNotification): DeliveryEvent[] {
  const type = notification.notificationType ?? notification.eventType;
  const campaignId = campaignIdOf(
    notification.mail?.headers?.find((header) => header.name.toLowerCase() === "x-campaign-id")?.value,
  );
  const source = "webhook:ses" as const;
  if (type === "Bounce" && notification.bounce) {
    const { bounceType, bounceSubType } = notification.bounce;
    const kind = bounceType === "Permanent" ? "hard" : "soft";
    return notification.bounce.bouncedRecipients.map((recipient) => ({
      email: recipient.emailAddress,
      kind,
      campaignId,
      reason: recipient.diagnosticCode ?? [bounceType, bounceSubType].filter(Boolean).join(" / "),
      source,
    }));
  }
  if (type === "Complaint" && notification.complaint) {
    const reason = notification.complaint.complaintFeedbackType ?? "complaint";
    return notification.complaint.complainedRecipients.map((recipient) => ({
      email: recipient.emailAddress,
      kind: "complaint",
      campaignId,
      reason,
      source,
    }));
  }
  return [];
}

/**
 * SendGrid: a bounce is hard unless its type is "blocked" (the receiver refused it for now: soft, as
 * is the older "blocked" event); a spam report is a complaint; a drop is kept only when SendGrid
 * dropped the address for an earlier bounce or spam report. Opens, clicks and deliveries are ignored.
 */
export function eventsFromSendgrid(batch: readonly SendgridEvent[]): DeliveryEvent[] {
  return batch.flatMap((event): DeliveryEvent[] => {
    const kind = sendgridKind(event);
    if (!kind) return [];
    const reason = [event.status, event.reason ?? event.event].filter(Boolean).join(" ");
    return [
      { email: event.email, kind, campaignId: campaignIdOf(event.campaign_id), reason, source: "webhook:sendgrid" },
    ];
  });
}

function sendgridKind(event: SendgridEvent): DeliveryEvent["kind"] | null {
  switch (event.event) {
    case "bounce":
      return event.type === "blocked" ? "soft" : "hard";
    case "blocked":
      return "soft";
    case "spamreport":
      return "complaint";
    case "dropped":
      if (/spam/i.test(event.reason ?? "")) return "complaint";
      return /bounce|invalid/i.test(event.reason ?? "") ? "hard" : null;
    default:
      return null;
  }
}

const postmarkHard = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated"]);
const postmarkSoft = new Set(["SoftBounce", "Transient", "DnsError", "Blocked"]);

/**
 * Postmark: hard bounces, bad addresses and addresses Postmark deactivated are hard; soft bounces,
 * transient and DNS failures and blocks are soft; SpamComplaint is a complaint. Auto-responders,
 * subscribe requests and the like are not bounces. The campaign comes from the message's metadata.
 */
export function eventsFromPostmark(webhook: PostmarkWebhook): DeliveryEvent[] {
  const type = webhook.RecordType === "SpamComplaint" ? "SpamComplaint" : (webhook.Type ?? "");
  const kind =
    type === "SpamComplaint" ? "complaint" : postmarkHard.has(type) ? "hard" : postmarkSoft.has(type) ? "soft" : null;
  if (!kind) return [];
  const metadata = webhook.Metadata ?? {};
  return [
    {
      email: webhook.Email,
      kind,
      campaignId: campaignIdOf(metadata.campaignId ?? metadata.campaign_id),
      reason: webhook.Details || webhook.Description || type,
      source: "webhook:postmark",
    },
  ];
}
