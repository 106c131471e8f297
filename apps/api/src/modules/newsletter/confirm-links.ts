import { signParts, verifyParts } from "../../lib/signed-links.ts";
import { isUuid } from "../../lib/sql.ts";

/**
 * The double opt-in link. It confirms one sign-up, for a week: signed over the subscriber, the time it
 * was made and the subscriber's unsubscribe at that time (`leftMs`, epoch ms, 0 for none), which
 * confirmSubscription compares with theirs. Once they leave again, a link made before cannot bring
 * them back; only a newer sign-up's can. Links of the old kind (the id alone, never expiring) are
 * not valid: the person signs up again.
 */
const purpose = "confirm-signup";
export const confirmLinkTtlMs = 7 * 86_400_000;

export type ConfirmClaims = { subscriberId: string; leftMs: number };

export function signConfirmLink(secret: string, claims: ConfirmClaims, issuedAt = Date.now()): string {
  return signParts(secret, purpose, [claims.subscriberId, issuedAt.toString(36), claims.leftMs.toString(36)]);
}

export function verifyConfirmLink(secret: string, token: string, now = Date.now()): ConfirmClaims | null {
  const parts = verifyParts(secret, purpose, token, 3);
  const [subscriberId = "", issued = "", left = ""] = parts ?? [];
  const age = now - Number.parseInt(issued, 36);
  const leftMs = Number.parseInt(left, 36);
  if (!parts || !isUuid(subscriberId) || !(age >= 0 && age <= confirmLinkTtlMs) || !Number.isSafeInteger(leftMs)) {
    return null;
  }
  return { subscriberId, leftMs };
}
