import type { Settings } from "@shop/shared/schemas/settings";
import {
  type CampaignMail,
  type CampaignRecipient,
  type LinkTemplate,
  listUnsubscribe,
  recipientLinks,
  returnAddresses,
} from "./campaign-recipient.ts";
import { plainAddress, type RawTemplate, rawTemplate } from "./raw-message.ts";
import type { CompiledCampaign } from "./render.ts";
import { fill } from "./render.ts";
import type { OutgoingMail } from "./transport.ts";

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
 * the parts of a raw message, signed and rendered where it is sent (campaign-recipient.ts); for an
 * internationalised address, nodemailer's message options.
 */
export function campaignMessage(
  campaign: CampaignForSending,
  recipient: CampaignRecipient,
  context: LinkContext,
): CampaignMail | OutgoingMail {
  const { template, links } = templateFor(campaign, context);
  const messageId = `<${recipient.id}@${senderDomain(context)}>`;
  if (plainAddress.test(recipient.email) && plainAddress.test(context.settings.mailFromAddress)) {
    return { messageId, date: new Date(), template, links, recipient };
  }
  // An internationalised address: nodemailer knows how to put it in headers (rare, so its cost is fine).
  const { unsubscribeUrl, pixelUrl, linkUrls } = recipientLinks(links, recipient);
  const { returnPath, unsubscribeMailto } = returnAddresses(links, recipient);
  const replyTo = replyToOf(context.settings);
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
      "List-Unsubscribe": listUnsubscribe(unsubscribeUrl, unsubscribeMailto, " "),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Campaign-Id": campaign.id,
    },
  };
}

const senderDomain = (context: LinkContext) => context.settings.mailFromAddress.split("@")[1] ?? "localhost";

const templates = new WeakMap<CampaignForSending, { key: string; template: RawTemplate; links: LinkTemplate }>();

/** Replies go to Settings' Reply-To address, else the shop's contact address (never the no-reply sender). */
function replyToOf(settings: LinkContext["settings"]): string | undefined {
  const address = settings.mailReplyTo || settings.contactEmail;
  return address && plainAddress.test(address) ? address : undefined;
}

/**
 * The per-campaign parts of every message: the raw MIME template and what signing needs, made once
 * and kept (the same objects each time, which is how the SMTP thread knows it holds them), rebuilt
 * only if the sender settings or the link context change.
 */
function templateFor(
  campaign: CampaignForSending,
  context: LinkContext,
): { template: RawTemplate; links: LinkTemplate } {
  const { settings, secret, publicUrl, bounceDomain } = context;
  const replyTo = replyToOf(settings);
  const key = [
    settings.mailFromName,
    settings.mailFromAddress,
    replyTo ?? "",
    secret,
    publicUrl,
    bounceDomain ?? "",
  ].join("\n");
  const cached = templates.get(campaign);
  if (cached?.key === key) return cached;
  const template = rawTemplate({
    compiled: campaign.compiled,
    subject: campaign.subject,
    campaignId: campaign.id,
    fromName: settings.mailFromName,
    fromAddress: settings.mailFromAddress,
    replyTo,
  });
  const links: LinkTemplate = {
    secret,
    publicUrl,
    campaignId: campaign.id,
    linkIds: campaign.linkIds,
    test: campaign.test === true,
    senderAddress: settings.mailFromAddress,
    returnDomain: bounceDomain || senderDomain(context),
  };
  const made = { key, template, links };
  templates.set(campaign, made);
  return made;
}
