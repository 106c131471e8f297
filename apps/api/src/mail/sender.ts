import { builtInSender, type Settings } from "@shop/shared/schemas/settings";
import { z } from "zod";
import type { MailAddress } from "../db/schema/index.ts";

/**
 * Who every message is from (campaigns, test sends, double opt-in, enquiry alerts and
 * confirmations, replies). Settings' sender, when filled in, wins; else MAIL_FROM; else the built-in
 * default. A name alone in Settings renames the MAIL_FROM address.
 */
export function senderOf(
  settings: Pick<Settings, "mailFromName" | "mailFromAddress">,
  mailFrom: MailAddress | undefined,
): MailAddress {
  const fallback = mailFrom ?? builtInSender;
  // Before MAIL_FROM was read, saving the settings page stored the built-in default in full;
  // that is no choice of the shop's, so MAIL_FROM still wins over it.
  const address = settings.mailFromAddress === builtInSender.address ? "" : settings.mailFromAddress;
  const name = address === "" && settings.mailFromName === builtInSender.name ? "" : settings.mailFromName;
  if (address) return { name: name || fallback.name, address };
  return { name: name || fallback.name, address: fallback.address };
}

/** The settings with the effective sender in mailFromName/mailFromAddress, for code that reads them there. */
export function withSender<S extends Pick<Settings, "mailFromName" | "mailFromAddress">>(
  settings: S,
  mailFrom: MailAddress | undefined,
): S {
  const sender = senderOf(settings, mailFrom);
  return { ...settings, mailFromName: sender.name, mailFromAddress: sender.address };
}

const addressSchema = z.email();

/**
 * MAIL_FROM as `Name <address>`, `"Name" <address>` or a bare address; undefined when it is not
 * one (the config reports it). No line breaks: it goes into headers.
 */
export function parseMailFrom(value: string): MailAddress | undefined {
  const text = value.trim();
  if (/[\r\n]/.test(text)) return undefined;
  const open = text.lastIndexOf("<");
  const close = text.lastIndexOf(">");
  let name = "";
  let address = text;
  if (open !== -1 || close !== -1) {
    if (open === -1 || close !== text.length - 1 || close < open) return undefined;
    address = text.slice(open + 1, close).trim();
    name = text.slice(0, open).trim();
    if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).trim();
  }
  if (!addressSchema.safeParse(address).success) return undefined;
  return { name, address };
}
