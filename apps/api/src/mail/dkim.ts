import type * as Crypto from "node:crypto";

/** A DKIM signing key as configured (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY), checked at start-up. */
export type DkimKey = {
  domain: string;
  selector: string;
  /** PKCS#8 PEM. */
  privateKey: string;
  algorithm: "rsa-sha256" | "ed25519-sha256";
};

/** The stages of signing one message, apart so bench/dkim.mjs can time each. */
export type DkimStages = {
  /** The message as sent (every line ending CRLF), split where the body starts. */
  split(message: string): { text: string; head: string; body: string };
  /** bh=: SHA-256 of the relaxed-canonical body. */
  bodyHash(body: string): Buffer;
  /** The signed headers' names (h=) and their relaxed-canonical text, each line ending CRLF. */
  headers(head: string): { names: string[]; canonical: string };
  /** The DKIM-Signature header up to its empty b= tag. */
  header(names: string[], bodyHash: Buffer): string;
  /** b=: the signature over the canonical headers and the DKIM-Signature header as `header` gave it. */
  signature(canonical: string, header: string): Buffer;
};

// Headers signed when present: what a receiver shows or acts on, and what says how to read the body.
const signedHeaders = new Set([
  "from",
  "reply-to",
  "to",
  "cc",
  "subject",
  "date",
  "message-id",
  "in-reply-to",
  "references",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "list-unsubscribe",
  "list-unsubscribe-post",
  "x-campaign-id",
]);

export function createDkimStages(key: DkimKey, crypto: typeof Crypto): DkimStages {
  const privateKey = crypto.createPrivateKey(key.privateKey);
  const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest();
  // Relaxed header canonicalization (RFC 6376 3.4.2): lower-case name, unfolded, runs of spaces as one.
  const canonicalHeader = (field: string) => {
    const colon = field.indexOf(":");
    const name = field.slice(0, colon).trim().toLowerCase();
    const value = field
      .slice(colon + 1)
      .replace(/\r\n/g, "")
      .replace(/[ \t]+/g, " ")
      .trim();
    return `${name}:${value}`;
  };
  // Relaxed body canonicalization (3.4.4): no spaces at line ends, runs of spaces as one, no empty lines at the end.
  // Line by line rather than with end-of-line patterns, which rescan a long run of spaces from each one.
  const canonicalBody = (body: string) => {
    const lines = body.split("\r\n").map((line) => {
      const single = line.replace(/[ \t]+/g, " ");
      return single.endsWith(" ") ? single.slice(0, -1) : single;
    });
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    return lines.length > 0 ? `${lines.join("\r\n")}\r\n` : "";
  };
  return {
    split(message) {
      // Signed as sent: every line ending CRLF (the SMTP client sends it so).
      const text = /\r(?!\n)|(?<!\r)\n/.test(message) ? message.replace(/\r\n|\r|\n/g, "\r\n") : message;
      const at = text.indexOf("\r\n\r\n");
      const head = at < 0 ? text : text.slice(0, at + 2);
      const body = at < 0 ? "" : text.slice(at + 4);
      return { text, head, body };
    },
    bodyHash: (body) => sha256(canonicalBody(body)),
    headers(head) {
      // The last occurrence of a header is the one a verifier takes first (5.4.2); each is signed once.
      const fields = new Map<string, string>();
      for (const field of head.split(/\r\n(?![ \t])/)) {
        const name = field.slice(0, field.indexOf(":")).trim().toLowerCase();
        if (signedHeaders.has(name)) fields.set(name, field);
      }
      let canonical = "";
      for (const field of fields.values()) canonical += `${canonicalHeader(field)}\r\n`;
      return { names: [...fields.keys()], canonical };
    },
    header(names, bodyHash) {
      const tags = [
        `v=1; a=${key.algorithm}; c=relaxed/relaxed; d=${key.domain}; s=${key.selector};`,
        ` t=${Math.floor(Date.now() / 1000)}; h=${names.join(":")};`,
        ` bh=${bodyHash.toString("base64")};`,
        " b=",
      ];
      return `DKIM-Signature: ${tags.join("\r\n")}`;
    },
    signature(canonical, header) {
      const signed = canonical + canonicalHeader(header);
      return key.algorithm === "ed25519-sha256"
        ? crypto.sign(null, sha256(signed), privateKey)
        : crypto.sign("sha256", Buffer.from(signed), privateKey);
    },
  };
}

/**
 * A DKIM signer (RFC 6376, relaxed/relaxed; rsa-sha256, or ed25519-sha256 per RFC 8463): message
 * text in, the same text with a DKIM-Signature header on top out.
 *
 * Campaign messages are signed in the SMTP thread, at up to a few thousand a second, so this is
 * written for that: the key is parsed once, and a message costs two SHA-256 passes, a few regular
 * expressions and the signature itself. mailauth's general signer (a streaming MIME parser per
 * message) cost about 0.5 ms of CPU per message more, which the sender cannot spare.
 *
 * It also runs in the SMTP thread (smtp-thread-entry.ts), which passes node:crypto in as `crypto`.
 */
export function createDkimSigner(key: DkimKey, crypto: typeof Crypto): (message: string) => string {
  const stages = createDkimStages(key, crypto);
  return (message) => {
    const { text, head, body } = stages.split(message);
    const { names, canonical } = stages.headers(head);
    const header = stages.header(names, stages.bodyHash(body));
    const b = stages
      .signature(canonical, header)
      .toString("base64")
      .replace(/.{1,72}/g, "$&\r\n ")
      .trimEnd();
    return `${header}${b}\r\n${text}`;
  };
}
