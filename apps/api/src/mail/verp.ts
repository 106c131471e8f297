import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * VERP addresses (decision 011): each campaign message's envelope sender is bounces+<token>@<domain>
 * and its List-Unsubscribe mailto is unsubscribe+<token>@<domain>. The token is the campaign
 * recipient row's id (which names the campaign and the subscriber) and 80 bits of an HMAC over the
 * purpose and the id, in lowercase base32: 42 characters, so the local part stays under 64 and
 * survives servers that fold case. The key is derived from the email-link secret (JWT_SECRET), so
 * nobody can make an address that unsubscribes or bounces someone else.
 */
export type VerpPurpose = "bounces" | "unsubscribe";

const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
const macBytes = 10;
const idBytes = 16;
const tokenLength = Math.ceil(((idBytes + macBytes) * 8) / 5);
// redos-safe: anchored, a fixed-length token, then one [^@\s]+ run to the end; nothing can backtrack into another part.
const addressPattern = new RegExp(`^(bounces|unsubscribe)\\+([a-z2-7]{${tokenLength}})@[^@\\s]+$`, "i");

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac("sha256", secret).update("verp-addresses").digest();
    keys.set(secret, key);
  }
  return key;
}

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

const mac = (secret: string, purpose: VerpPurpose, id: Buffer) =>
  createHmac("sha256", keyOf(secret)).update(purpose).update(id).digest().subarray(0, macBytes);

export function verpAddress(secret: string, purpose: VerpPurpose, recipientId: string, domain: string): string {
  const id = Buffer.from(recipientId.replaceAll("-", ""), "hex");
  return `${purpose}+${base32(Buffer.concat([id, mac(secret, purpose, id)]))}@${domain}`;
}

/** The purpose and campaign recipient id an address names, or null if it is not one we signed. */
export function readVerpAddress(secret: string, address: string): { purpose: VerpPurpose; recipientId: string } | null {
  const match = addressPattern.exec(address.trim());
  if (!match) return null;
  const purpose = (match[1] ?? "").toLowerCase() as VerpPurpose;
  const token = (match[2] ?? "").toLowerCase();
  const bytes = fromBase32(token);
  // The last character carries two unused bits: only the one spelling we make is taken.
  if (bytes.length !== idBytes + macBytes || base32(bytes) !== token) return null;
  const id = bytes.subarray(0, idBytes);
  if (!timingSafeEqual(bytes.subarray(idBytes, idBytes + macBytes), mac(secret, purpose, id))) return null;
  const hex = id.toString("hex");
  const recipientId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { purpose, recipientId };
}
