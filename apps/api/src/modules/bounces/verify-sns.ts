import { createVerify, X509Certificate } from "node:crypto";
import { setBounded } from "../../lib/bounded-map.ts";

/** The fields of an SNS message that its signature covers, as SNS posts them (JSON). */
export type SnsMessage = {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string | null;
  SubscribeURL?: string;
  Token?: string;
};

/** Reads the PEM text of a signing certificate: the network edge, injected so tests never go out. */
export type CertificateFetcher = (url: string) => Promise<string>;

const amazonHost = /^sns\.[a-z0-9-]+\.amazonaws\.com$/;

/**
 * Only Amazon's SNS hosts, over https on the standard port, may name the certificate: otherwise
 * anyone could sign a message with their own key and point at their own certificate, and the
 * server would fetch whatever address a caller wrote (SSRF).
 */
export function isAmazonSnsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "https:" && url.port === "" && url.username === "" && amazonHost.test(url.hostname);
}

const certificatePath = /^\/SimpleNotificationService-[0-9a-f]+\.pem$/;

/**
 * A signing certificate's address: on Amazon's SNS host and with the path SNS gives its certificates.
 * Any other path there would only be one more request to Amazon per message a caller invents.
 */
export function isSnsCertificateUrl(value: string): boolean {
  if (!isAmazonSnsUrl(value)) return false;
  const url = new URL(value);
  return url.search === "" && url.hash === "" && certificatePath.test(url.pathname);
}

const notificationFields = ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"] as const;
const subscriptionFields = ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"] as const;

/** The string SNS signs: each covered field's name and value on lines of their own, in this order. */
export function snsStringToSign(message: SnsMessage): string {
  const fields = message.Type === "Notification" ? notificationFields : subscriptionFields;
  let text = "";
  for (const field of fields) {
    const value = message[field];
    // Subject is covered only when the message has one.
    if (value === undefined || value === null) continue;
    text += `${field}\n${value}\n`;
  }
  return text;
}

const algorithms: Record<string, string> = { "1": "RSA-SHA1", "2": "RSA-SHA256" };

/** Certificates by URL: SNS signs with a handful, so a busy endpoint fetches each once. */
export function createCertificateCache(fetchCertificate: CertificateFetcher, max = 50) {
  const cache = new Map<string, Promise<X509Certificate>>();
  return (url: string): Promise<X509Certificate> => {
    const known = cache.get(url);
    if (known) return known;
    const loading = fetchCertificate(url).then((pem) => new X509Certificate(pem));
    // A failed fetch is not remembered: the next message tries again.
    loading.catch(() => cache.delete(url));
    return setBounded(cache, url, loading, max);
  };
}

export type SnsVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Checks an SNS message's signature (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA) with the
 * certificate its SigningCertURL names, which must be on Amazon's SNS host; the URL is checked
 * before anything is fetched.
 */
export async function verifySnsMessage(
  message: SnsMessage,
  certificateOf: (url: string) => Promise<X509Certificate>,
  now = new Date(),
): Promise<SnsVerdict> {
  const algorithm = algorithms[message.SignatureVersion];
  if (!algorithm) return { ok: false, reason: "unknown signature version" };
  if (!isSnsCertificateUrl(message.SigningCertURL))
    return { ok: false, reason: "certificate not on an Amazon SNS host" };
  let certificate: X509Certificate;
  try {
    certificate = await certificateOf(message.SigningCertURL);
  } catch {
    return { ok: false, reason: "certificate could not be read" };
  }
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo)) {
    return { ok: false, reason: "certificate expired" };
  }
  const verifier = createVerify(algorithm);
  verifier.update(snsStringToSign(message), "utf8");
  const signature = Buffer.from(message.Signature, "base64");
  return verifier.verify(certificate.publicKey, signature) ? { ok: true } : { ok: false, reason: "bad signature" };
}

/** Fetches a certificate over https (the only place this module goes out); small and quick or refused. */
export const fetchCertificateOverHttps: CertificateFetcher = async (url) => {
  const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`certificate fetch answered ${response.status}`);
  const text = await response.text();
  if (text.length > 16_384 || !text.includes("-----BEGIN CERTIFICATE-----")) throw new Error("not a certificate");
  return text;
};
