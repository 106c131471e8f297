import { z } from "zod";

/**
 * GET /api/settings/mail-authentication (settings:update-settings): how the shop's mail is signed,
 * for staff to publish the DNS record. Public data only; the private key never leaves the server.
 */
export const mailAuthenticationSchema = z.object({
  dkim: z
    .object({
      domain: z.string(),
      selector: z.string(),
      algorithm: z.enum(["rsa-sha256", "ed25519-sha256"]),
      /** The TXT record to publish: `<selector>._domainkey.<domain>` and its value. */
      record: z.object({ name: z.string(), type: z.literal("TXT"), value: z.string() }),
    })
    .nullable(),
});
export type MailAuthenticationDto = z.infer<typeof mailAuthenticationSchema>;
