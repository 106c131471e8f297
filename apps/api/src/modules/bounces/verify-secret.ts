import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Compares two secrets in constant time. Both are hashed first, so neither their content nor their
 * length shows in how long the comparison takes.
 */
export function secretsMatch(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}

/** `Authorization: Bearer <token>` carrying exactly this token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith("Bearer ")) return false;
  return secretsMatch(header.slice(7).trim(), token);
}

/** `Authorization: Basic …` carrying exactly this user and password (Postmark's webhook credentials). */
export function basicAuthMatches(header: string | undefined, user: string, password: string): boolean {
  if (!header?.startsWith("Basic ")) return false;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  return secretsMatch(decoded, `${user}:${password}`);
}
