import { existsSync, readFileSync } from "node:fs";
import { ConfigError } from "./config-error.ts";
import type { MailAddress } from "./db/schema/mail.ts";
import { readDkimKey } from "./mail/dkim-key.ts";
import { parseMailFrom } from "./mail/sender.ts";

// The mail settings read from the environment (config.ts): each refuses a value mail could not go out
// with, in one line naming the variable, rather than the first message failing hours later.

export function mailFromOf(value: string | undefined): MailAddress | undefined {
  if (value === undefined) return undefined;
  const parsed = parseMailFrom(value);
  if (!parsed) {
    throw new ConfigError('Invalid configuration: MAIL_FROM must be "Name <address@example.com>" or an address');
  }
  return parsed;
}

export function smtpCaOf(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (!text.includes("-----BEGIN CERTIFICATE-----")) {
    throw new ConfigError(`Invalid configuration: SMTP_CA_FILE must be a readable PEM file of certificates (${file})`);
  }
  return text;
}

export function requireTlsOf(smtpUrl: string | undefined, setting: "on" | "off" | undefined): boolean {
  if (!smtpUrl) return setting === "on";
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new ConfigError("Invalid configuration: SMTP_URL is not a valid URL");
  }
  const plaintext = url.searchParams.get("tls") === "off";
  if (setting === "on" && plaintext) {
    throw new ConfigError("Invalid configuration: SMTP_REQUIRE_TLS=on contradicts tls=off in SMTP_URL");
  }
  return setting ? setting === "on" : Boolean(url.password) && !plaintext;
}

/** All three DKIM variables or none; a key that cannot sign stops start-up rather than mail going out unsigned. */
export function dkimOf(domain: string | undefined, selector: string | undefined, key: string | undefined) {
  const given = { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: key };
  const missing = Object.entries(given).filter(([, value]) => value === undefined);
  if (missing.length === 3) return undefined;
  if (missing.length > 0 || !domain || !selector || !key) {
    throw new ConfigError(
      `Invalid configuration: ${missing.map(([name]) => name).join(" and ")} must be set as well to sign mail with DKIM`,
    );
  }
  const read = readDkimKey(domain.toLowerCase(), selector, key);
  if ("error" in read) throw new ConfigError(`Invalid configuration: DKIM_PRIVATE_KEY ${read.error}`);
  return read.key;
}
