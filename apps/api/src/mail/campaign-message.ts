import type { Settings } from "@shop/shared/schemas/settings";
import { signLink, signParts } from "../lib/signed-links.ts";
import { plainAddress, type RawTemplate, rawMessage, rawTemplate } from "./raw-message.ts";
import type { CompiledCampaign } from "./render.ts";
import { fill } from "./render.ts";
import type { OutgoingMail } from "./transport.ts";

export type CampaignForSending = {
  id: string;
  subject: string;
  compiled: CompiledCampaign;
  /** Link ids in the order of `compiled.links`. */
  linkIds: string[];
};

export type LinkContext = {
  secret: string;
  publicUrl: string;
  settings: Pick<Settings, "mailFromName" | "mailFromAddress">;
};

/**
 * One recipient's message: merge tags, tracking URLs, and the headers mail providers want for
 * newsletters. Every header value comes from validated data (no CR/LF can reach one).
 */
export function campaignMessage(
  campaign: CampaignForSending,
  recipient: { id: string; subscriberId: string; email: string },
  context: LinkContext,
): OutgoingMail {
  const unsubscribeUrl = `${context.publicUrl}/unsubscribe/${signLink(context.secret, "unsubscribe", {
    subscriberId: recipient.subscriberId,
    campaignId: campaign.id,
  })}`;
  const signed = new Map<number, string>();
  const urls = {
    email: recipient.email,
    unsubscribeUrl,
    pixelUrl: `${context.publicUrl}/t/o/${signParts(context.secret, "open", [recipient.id])}.gif`,
    linkUrl: (index: number) => {
      // A link may appear many times in one email: sign it once per recipient.
      let url = signed.get(index);
      if (!url) {
        url = `${context.publicUrl}/t/c/${signParts(context.secret, "click", [recipient.id, campaign.linkIds[index] ?? ""])}`;
        signed.set(index, url);
      }
      return url;
    },
  };
  const domain = context.settings.mailFromAddress.split("@")[1] ?? "localhost";
  const messageId = `<${recipient.id}@${domain}>`;
  // One List-Unsubscribe field carrying both ways out (RFC 2369), and one-click (RFC 8058).
  const listUnsubscribe = `<${unsubscribeUrl}>,\r\n <mailto:${context.settings.mailFromAddress}?subject=unsubscribe>`;
  if (plainAddress.test(recipient.email) && plainAddress.test(context.settings.mailFromAddress)) {
    const raw = rawMessage(
      templateFor(campaign, context.settings),
      { to: recipient.email, messageId, listUnsubscribe, date: new Date() },
      urls,
    );
    return { envelope: { from: context.settings.mailFromAddress, to: [recipient.email] }, raw, messageId };
  }
  // An internationalised address: nodemailer knows how to put it in headers (rare, so its cost is fine).
  return {
    from: { name: context.settings.mailFromName, address: context.settings.mailFromAddress },
    to: recipient.email,
    subject: campaign.subject,
    html: fill(campaign.compiled.htmlParts, urls, true),
    text: fill(campaign.compiled.textParts, urls, false),
    messageId,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${context.settings.mailFromAddress}?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Campaign-Id": campaign.id,
    },
  };
}

const templates = new WeakMap<CampaignForSending, { key: string; template: RawTemplate }>();

/** The per-campaign part of every raw message, rebuilt only if the sender settings change. */
function templateFor(campaign: CampaignForSending, settings: LinkContext["settings"]): RawTemplate {
  const key = `${settings.mailFromName}\n${settings.mailFromAddress}`;
  const cached = templates.get(campaign);
  if (cached?.key === key) return cached.template;
  const template = rawTemplate({
    compiled: campaign.compiled,
    subject: campaign.subject,
    campaignId: campaign.id,
    fromName: settings.mailFromName,
    fromAddress: settings.mailFromAddress,
  });
  templates.set(campaign, { key, template });
  return template;
}
