import { createPrivateKey, createPublicKey } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { DkimKey } from "./dkim.ts";

/**
 * DKIM_PRIVATE_KEY as a signing key: the PEM text itself (line breaks may be written as \n, as an
 * env file often holds them), or the path of a PEM file. Returns why not when it is not an RSA
 * (2048 bits or more, what receivers ask for) or Ed25519 private key.
 */
export function readDkimKey(domain: string, selector: string, value: string): { key: DkimKey } | { error: string } {
  const text = value.includes("-----BEGIN")
    ? value.replace(/\\n/g, "\n")
    : existsSync(value)
      ? readFileSync(value, "utf8")
      : undefined;
  if (text === undefined) return { error: "is neither a PEM private key nor the path of a readable PEM file" };
  let parsed: ReturnType<typeof createPrivateKey>;
  try {
    parsed = createPrivateKey(text);
  } catch {
    return { error: "is not a readable PEM private key" };
  }
  const type = parsed.asymmetricKeyType;
  if (type === "rsa" && (parsed.asymmetricKeyDetails?.modulusLength ?? 0) < 1024) {
    return { error: "is an RSA key shorter than 1024 bits, which receivers ignore; use 2048 bits" };
  }
  if (type !== "rsa" && type !== "ed25519") {
    return { error: `is a ${type ?? "unknown"} key; DKIM signs with RSA or Ed25519` };
  }
  return {
    key: {
      domain,
      selector,
      privateKey: parsed.export({ type: "pkcs8", format: "pem" }).toString(),
      algorithm: type === "rsa" ? "rsa-sha256" : "ed25519-sha256",
    },
  };
}

/** The TXT record receivers look the public key up in. Public data only. */
export type DkimDnsRecord = { name: string; type: "TXT"; value: string };

/**
 * `<selector>._domainkey.<domain> TXT "v=DKIM1; k=rsa; p=<base64 SubjectPublicKeyInfo>"`; for
 * Ed25519, k=ed25519 and p is the bare 32-byte key (RFC 8463).
 */
export function dkimDnsRecord(key: DkimKey): DkimDnsRecord {
  const publicKey = createPublicKey(key.privateKey);
  const spki = publicKey.export({ type: "spki", format: "der" });
  const p = key.algorithm === "ed25519-sha256" ? spki.subarray(spki.length - 32) : spki;
  const k = key.algorithm === "ed25519-sha256" ? "ed25519" : "rsa";
  return {
    name: `${key.selector}._domainkey.${key.domain}`,
    type: "TXT",
    value: `v=DKIM1; k=${k}; p=${p.toString("base64")}`,
  };
}
