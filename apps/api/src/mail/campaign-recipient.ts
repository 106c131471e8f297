import { signLink, signParts, testLinkPurpose } from "../lib/signed-links.ts";
import type { RawRecipient, RawTemplate } from "./raw-message.ts";
import { verpAddress } from "./verp.ts";

/**
 * What one recipient adds to a campaign message: their signed links (unsubscribe, open pixel,
 * clicks) and their own signed return addresses (VERP). Signing is an HMAC per link, so it is done
 * where the message is rendered, in the SMTP thread (smtp-thread-entry.ts): on the main thread it
 * cost as much as the posting of the signed strings to the thread, and on PGlite the main thread
 * also runs every database statement. Only this module's imports are loaded in that thread.
 */

/** What signing needs that is the same for every recipient of a send. */
export type LinkTemplate = {
  secret: string;
  publicUrl: string;
  campaignId: string;
  /** Link ids in the order of the compiled campaign's links. */
  linkIds: string[];
  /** A test send: its links work but count nothing, and its bounces go to the sender. */
  test: boolean;
  /** The sender's address: a test send's return path and mailto unsubscribe. */
  senderAddress: string;
  /** Where a real send's bounces and mailto unsubscribes come back to (BOUNCE_DOMAIN, else the sender's). */
  returnDomain: string;
};

/** A recipient as the sender claimed them. */
export type CampaignRecipient = { id: string; subscriberId: string; email: string };

/**
 * A campaign message as its parts: the campaign's MIME template and link template (both the same
 * object for every recipient, so the thread keeps them), and who it goes to.
 */
export type CampaignMail = {
  messageId: string;
  date: Date;
  template: RawTemplate;
  links: LinkTemplate;
  recipient: CampaignRecipient;
};

export type RecipientLinks = { unsubscribeUrl: string; pixelUrl: string; linkUrls: string[] };

export function recipientLinks(links: LinkTemplate, recipient: CampaignRecipient): RecipientLinks {
  const { secret, publicUrl } = links;
  if (links.test) {
    return {
      unsubscribeUrl: `${publicUrl}/unsubscribe/${signParts(secret, testLinkPurpose.unsubscribe, [links.campaignId])}`,
      pixelUrl: `${publicUrl}/t/o/${signParts(secret, testLinkPurpose.open, [links.campaignId])}.gif`,
      linkUrls: links.linkIds.map((linkId) => `${publicUrl}/t/c/${signParts(secret, testLinkPurpose.click, [linkId])}`),
    };
  }
  return {
    unsubscribeUrl: `${publicUrl}/unsubscribe/${signLink(secret, "unsubscribe", {
      subscriberId: recipient.subscriberId,
      campaignId: links.campaignId,
    })}`,
    pixelUrl: `${publicUrl}/t/o/${signParts(secret, "open", [recipient.id])}.gif`,
    // A link may appear many times in one email: each is signed once per recipient.
    linkUrls: links.linkIds.map((linkId) => `${publicUrl}/t/c/${signParts(secret, "click", [recipient.id, linkId])}`),
  };
}

/**
 * A real send's bounces come back to the recipient's own signed address (VERP, verp.ts), and its
 * mailto unsubscribe goes to another the bounce listener accepts. A test send has no recipient row,
 * so it keeps the sender's address for both.
 */
export function returnAddresses(
  links: LinkTemplate,
  recipient: CampaignRecipient,
): { returnPath: string; unsubscribeMailto: string } {
  if (links.test) return { returnPath: links.senderAddress, unsubscribeMailto: links.senderAddress };
  return {
    returnPath: verpAddress(links.secret, "bounces", recipient.id, links.returnDomain),
    unsubscribeMailto: verpAddress(links.secret, "unsubscribe", recipient.id, links.returnDomain),
  };
}

/** One List-Unsubscribe field carrying both ways out (RFC 2369), and one-click (RFC 8058). */
export const listUnsubscribe = (url: string, mailto: string, separator: string) =>
  `<${url}>,${separator}<mailto:${mailto}?subject=unsubscribe>`;

/** The envelope and the recipient's parts of the raw message, signed. */
export function signedRecipient(mail: CampaignMail): { envelope: { from: string; to: string[] }; raw: RawRecipient } {
  const { links, recipient } = mail;
  const urls = recipientLinks(links, recipient);
  const { returnPath, unsubscribeMailto } = returnAddresses(links, recipient);
  return {
    envelope: { from: returnPath, to: [recipient.email] },
    raw: {
      to: recipient.email,
      messageId: mail.messageId,
      listUnsubscribe: listUnsubscribe(urls.unsubscribeUrl, unsubscribeMailto, "\r\n "),
      date: mail.date,
      email: recipient.email,
      ...urls,
    },
  };
}
