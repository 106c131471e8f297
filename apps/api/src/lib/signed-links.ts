import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Unsubscribe links in emails, which act without signing in: the subscriber id, an optional campaign
 * id, and an HMAC over both (and the purpose), so nobody can act for someone else by guessing. The
 * double opt-in's links expire, and are made by signParts (newsletter/confirm-links.ts).
 */
export type LinkPurpose = "unsubscribe";
export type LinkClaims = { subscriberId: string; campaignId: string | null };

const b64 = (text: string) => Buffer.from(text).toString("base64url");

function signature(secret: string, purpose: LinkPurpose, payload: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url").slice(0, 32);
}

export function signLink(secret: string, purpose: LinkPurpose, claims: LinkClaims): string {
  const payload = b64(`${claims.subscriberId}.${claims.campaignId ?? ""}`);
  return `${payload}.${signature(secret, purpose, payload)}`;
}

export function verifyLink(secret: string, purpose: LinkPurpose, token: string): LinkClaims | null {
  const [payload, given, extra] = token.split(".");
  if (!payload || !given || extra !== undefined) return null;
  const expected = signature(secret, purpose, payload);
  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  const [subscriberId, campaignId] = Buffer.from(payload, "base64url").toString().split(".");
  if (!subscriberId || !/^[0-9a-f-]{36}$/i.test(subscriberId)) return null;
  return { subscriberId, campaignId: campaignId || null };
}

/**
 * A test send's links go where a campaign's do, signed for these purposes instead: they are answered
 * like the real ones and count nothing (no recipient, no subscriber behind them).
 */
export const testLinkPurpose = { open: "test-open", click: "test-click", unsubscribe: "test-unsubscribe" } as const;

/** Short signed tokens for tracking URLs: the parts joined by dots, then an HMAC of them. */
export function signParts(secret: string, purpose: string, parts: string[]): string {
  const payload = parts.join(".");
  return `${payload}.${createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url").slice(0, 22)}`;
}

export function verifyParts(secret: string, purpose: string, token: string, count: number): string[] | null {
  const pieces = token.split(".");
  if (pieces.length !== count + 1) return null;
  const parts = pieces.slice(0, count);
  const expected = signParts(secret, purpose, parts);
  if (expected.length !== token.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(token))) return null;
  return parts;
}
