import type { Settings } from "@shop/shared/schemas/settings";
import { signLink, signParts, testLinkPurpose } from "../lib/signed-links.ts";
import { plainAddress, type RawMail, type RawTemplate, rawTemplate } from "./raw-message.ts";
import type { CompiledCampaign } from "./render.ts";
import { fill } from "./render.ts";
import type { OutgoingMail } from "./transport.ts";
import { verpAddress } from "./verp.ts";

export type CampaignForSending = {
  id: string;
  subject: string;
  compiled: CompiledCampaign;
  /** Link ids in the order of `compiled.links`. */
  linkIds: string[];
  /** A test send: its links work but count nothing, and never unsubscribe anyone. */
  test?: boolean;
};

export type LinkContext = {
  secret: string;
  publicUrl: string;
  /** The sender; and where replies go (mailReplyTo, else contactEmail, else nowhere but the sender). */
  settings: Pick<Settings, "mailFromName" | "mailFromAddress"> &
    Partial<Pick<Settings, "mailReplyTo" | "contactEmail">>;
  /** BOUNCE_DOMAIN: where bounces and mailto unsubscribes go back to; the sender's domain when unset. */
  bounceDomain?: string | undefined;
};

/**
 * One recipient's message: merge tags, tracking URLs, and the headers mail providers want for
 * newsletters. Every header value comes from validated data (no CR/LF can reach one). Usually it is
 * the parts of a raw message (the SMTP thread renders them); for an internationalised address,
 * nodemailer's message options.
 */
export function campaignMessage(
  campaign: CampaignForSending,
  recipient: { id: string; subscriberId: string; email: string },
  context: LinkContext,
): RawMail | OutgoingMail {
  const { unsubscribeUrl, pixelUrl, linkUrls } = campaign.test
    ? testUrls(campaign, context)
    : recipientUrls(campaign, recipient, context);
  const domain = context.settings.mailFromAddress.split("@")[1] ?? "localhost";
  const messageId = `<${recipient.id}@${domain}>`;
  const { returnPath, unsubscribeMailto } = returnAddresses(campaign, recipient, context, domain);
  const replyTo = replyToOf(context.settings);
  if (plainAddress.test(recipient.email) && plainAddress.test(context.settings.mailFromAddress)) {
    return {
      envelope: { from: returnPath, to: [recipient.email] },
      messageId,
      template: templateFor(campaign, context.settings, replyTo),
      recipient: {
        to: recipient.email,
        messageId,
        // One List-Unsubscribe field carrying both ways out (RFC 2369), and one-click (RFC 8058).
        listUnsubscribe: `<${unsubscribeUrl}>,\r\n <mailto:${unsubscribeMailto}?subject=unsubscribe>`,
        date: new Date(),
        email: recipient.email,
        unsubscribeUrl,
        pixelUrl,
        linkUrls,
      },
    };
  }
  // An internationalised address: nodemailer knows how to put it in headers (rare, so its cost is fine).
  const urls = { email: recipient.email, unsubscribeUrl, pixelUrl, linkUrl: (index: number) => linkUrls[index] ?? "" };
  return {
    from: { name: context.settings.mailFromName, address: context.settings.mailFromAddress },
    to: recipient.email,
    envelope: { from: returnPath, to: recipient.email },
    ...(replyTo && { replyTo }),
    subject: campaign.subject,
    html: fill(campaign.compiled.htmlParts, urls, true),
    text: fill(campaign.compiled.textParts, urls, false),
    messageId,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${unsubscribeMailto}?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Campaign-Id": campaign.id,
    },
  };
}

/**
 * A real send's bounces come back to the recipient's own signed address (VERP, mail/verp.ts), and
 * its mailto unsubscribe goes to another the bounce listener accepts. A test send has no recipient
 * row, so it keeps the sender's address for both.
 */
function returnAddresses(
  campaign: CampaignForSending,
  recipient: { id: string },
  context: LinkContext,
  senderDomain: string,
): { returnPath: string; unsubscribeMailto: string } {
  if (campaign.test) {
    return { returnPath: context.settings.mailFromAddress, unsubscribeMailto: context.settings.mailFromAddress };
  }
  const domain = context.bounceDomain || senderDomain;
  return {
    returnPath: verpAddress(context.secret, "bounces", recipient.id, domain),
    unsubscribeMailto: verpAddress(context.secret, "unsubscribe", recipient.id, domain),
  };
}

function recipientUrls(
  campaign: CampaignForSending,
  recipient: { id: string; subscriberId: string },
  context: LinkContext,
) {
  const { secret, publicUrl } = context;
  return {
    unsubscribeUrl: `${publicUrl}/unsubscribe/${signLink(secret, "unsubscribe", {
      subscriberId: recipient.subscriberId,
      campaignId: campaign.id,
    })}`,
    pixelUrl: `${publicUrl}/t/o/${signParts(secret, "open", [recipient.id])}.gif`,
    // A link may appear many times in one email: each is signed once per recipient.
    linkUrls: campaign.linkIds.map(
      (linkId) => `${publicUrl}/t/c/${signParts(secret, "click", [recipient.id, linkId])}`,
    ),
  };
}

function testUrls(campaign: CampaignForSending, context: LinkContext) {
  const { secret, publicUrl } = context;
  return {
    unsubscribeUrl: `${publicUrl}/unsubscribe/${signParts(secret, testLinkPurpose.unsubscribe, [campaign.id])}`,
    pixelUrl: `${publicUrl}/t/o/${signParts(secret, testLinkPurpose.open, [campaign.id])}.gif`,
    linkUrls: campaign.linkIds.map(
      (linkId) => `${publicUrl}/t/c/${signParts(secret, testLinkPurpose.click, [linkId])}`,
    ),
  };
}

const templates = new WeakMap<CampaignForSending, { key: string; template: RawTemplate }>();

/** Replies go to Settings' Reply-To address, else the shop's contact address (never the no-reply sender). */
function replyToOf(settings: LinkContext["settings"]): string | undefined {
  const address = settings.mailReplyTo || settings.contactEmail;
  return address && plainAddress.test(address) ? address : undefined;
}

/** The per-campaign part of every raw message, rebuilt only if the sender settings change. */
function templateFor(campaign: CampaignForSending, settings: LinkContext["settings"], replyTo?: string): RawTemplate {
  const key = `${settings.mailFromName}\n${settings.mailFromAddress}\n${replyTo ?? ""}`;
  const cached = templates.get(campaign);
  if (cached?.key === key) return cached.template;
  const template = rawTemplate({
    compiled: campaign.compiled,
    subject: campaign.subject,
    campaignId: campaign.id,
    fromName: settings.mailFromName,
    fromAddress: settings.mailFromAddress,
    replyTo,
  });
  templates.set(campaign, { key, template });
  return template;
}
