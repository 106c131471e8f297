import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Seals small secrets kept in the database (TOTP keys) with AES-256-GCM under a key derived from
 * JWT_SECRET: a copy of the database alone does not give anyone's codes. Rotating JWT_SECRET
 * therefore also retires every enrolled authenticator app (docs/security.md says so).
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string | null };

const version = "v1";

export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", secret, "smart-home-shop", purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [version, ...[iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url"))].join(".");
    },
    open(sealed) {
      const [tag, iv, authTag, body] = sealed.split(".");
      if (tag !== version || !iv || !authTag || body === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(authTag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
