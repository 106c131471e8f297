import type { Settings } from "@shop/shared/schemas/settings";
import { signLink, signParts } from "../lib/signed-links.ts";
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
  return {
    from: { name: context.settings.mailFromName, address: context.settings.mailFromAddress },
    to: recipient.email,
    subject: campaign.subject,
    html: fill(campaign.compiled.htmlParts, urls, true),
    text: fill(campaign.compiled.textParts, urls, false),
    messageId: `<${recipient.id}@${domain}>`,
    // One List-Unsubscribe field carrying both ways out (RFC 2369), and one-click (RFC 8058).
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${context.settings.mailFromAddress}?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Campaign-Id": campaign.id,
    },
  };
}
