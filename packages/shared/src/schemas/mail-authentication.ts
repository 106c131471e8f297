/**
 * GET /api/settings/mail-authentication (settings:update-settings): how the shop's mail is signed,
 * for staff to publish the DNS record. Public data only; the private key never leaves the server.
 */
export type MailAuthenticationDto = {
  dkim: {
    domain: string;
    selector: string;
    algorithm: "rsa-sha256" | "ed25519-sha256";
    /** The TXT record to publish: `<selector>._domainkey.<domain>` and its value. */
    record: { name: string; type: "TXT"; value: string };
  } | null;
};
