import { createPublicKey, createVerify, type KeyObject } from "node:crypto";

/** SendGrid's headers for a signed event webhook. */
export const sendgridSignatureHeader = "x-twilio-email-event-webhook-signature";
export const sendgridTimestampHeader = "x-twilio-email-event-webhook-timestamp";

/** A request older than this (or further ahead) is refused, so a captured one cannot be replayed later. */
export const sendgridMaxAgeMs = 10 * 60_000;

/**
 * SendGrid's verification key, as its settings page shows it (base64 of the DER public key) or as
 * PEM. Throws when it is not an EC public key, so a bad setting stops start-up.
 */
export function sendgridPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith("-----BEGIN")
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "spki" });
  if (key.asymmetricKeyType !== "ec") throw new Error("not an ECDSA public key");
  return key;
}

type SignedRequest = { payload: string; signature: string | undefined; timestamp: string | undefined };

/**
 * SendGrid signs the timestamp header followed by the raw body with ECDSA (P-256, SHA-256, DER
 * signature in base64). The raw body is used as received: re-serialised JSON would not match.
 */
export function verifySendgridRequest(key: KeyObject, request: SignedRequest, now = Date.now()): boolean {
  const { payload, signature, timestamp } = request;
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp) * 1000) > sendgridMaxAgeMs) return false;
  const verifier = createVerify("sha256");
  verifier.update(timestamp + payload, "utf8");
  return verifier.verify(key, Buffer.from(signature, "base64"));
}
