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

/** Space, tab, CR and LF: what relaxed body canonicalization drops at the end of a body. */
const isWhitespace = (code: number) => code === 32 || code === 9 || code === 13 || code === 10;

/** Where `search` next occurs in `text` at or after `from`, or `text.length` when it does not. */
const nextOf = (text: string, search: string, from: number) => {
  const at = text.indexOf(search, from);
  return at < 0 ? text.length : at;
};

/**
 * Whether a CR or LF stands alone (not in a CRLF): each found with indexOf and its neighbour looked
 * at, which costs a third of a lookbehind pattern tried at every position of a 16 kB message.
 */
function hasLoneBreak(text: string): boolean {
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) {
    if (text.charCodeAt(at - 1) !== 13) return true;
  }
  for (let at = text.indexOf("\r"); at >= 0; at = text.indexOf("\r", at + 1)) {
    if (text.charCodeAt(at + 1) !== 10) return true;
  }
  return false;
}

/** One line, relaxed (RFC 6376 3.4.4): runs of spaces and tabs as one space, none at the end. */
function relaxedLine(line: string): string {
  const single = line.replace(/[ \t]+/g, " ");
  return single.endsWith(" ") ? single.slice(0, -1) : single;
}

/**
 * SHA-256 of the relaxed-canonical body (RFC 6376 3.4.4), fed to the hash straight from the body.
 * Only lines that canonicalization changes (a tab, two spaces in a row, or a space before the line
 * break: found with indexOf, each scan resumed where it stopped) are rebuilt; the clean lines
 * between them go to the hash as slices of the body. A quoted-printable campaign body has none, so
 * it is hashed in one update with no line split or joined.
 */
function relaxedBodyHash(body: string, hash: Crypto.Hash): Buffer {
  // Trailing spaces, tabs and line breaks all go: no empty lines at the end, none of the last line's spaces.
  let end = body.length;
  while (end > 0 && isWhitespace(body.charCodeAt(end - 1))) end--;
  if (end === 0) return hash.digest();
  const text = end === body.length ? body : body.slice(0, end);
  let hashed = 0;
  let tab = nextOf(text, "\t", 0);
  let double = nextOf(text, "  ", 0);
  let beforeBreak = nextOf(text, " \r\n", 0);
  for (;;) {
    const dirty = Math.min(tab, double, beforeBreak);
    if (dirty === end) break;
    const previousBreak = text.lastIndexOf("\r\n", dirty);
    const lineStart = previousBreak < 0 ? 0 : previousBreak + 2;
    const lineEnd = nextOf(text, "\r\n", dirty);
    if (lineStart > hashed) hash.update(text.slice(hashed, lineStart));
    hash.update(relaxedLine(text.slice(lineStart, lineEnd)));
    hashed = lineEnd;
    if (tab < lineEnd) tab = nextOf(text, "\t", lineEnd);
    if (double < lineEnd) double = nextOf(text, "  ", lineEnd);
    if (beforeBreak < lineEnd) beforeBreak = nextOf(text, " \r\n", lineEnd);
  }
  hash.update(hashed === 0 ? text : text.slice(hashed));
  return hash.update("\r\n").digest();
}

/** One header field, relaxed (3.4.2): name lower-cased, value unfolded, runs of spaces and tabs as one, trimmed. */
function relaxedHeader(field: string): string {
  const colon = field.indexOf(":");
  const name = field.slice(0, colon).trim().toLowerCase();
  const value = field.slice(colon + 1);
  // Most values are one line with single spaces: only the trim to do.
  if (value.indexOf("\r") < 0 && value.indexOf("\t") < 0 && value.indexOf("  ") < 0) return `${name}:${value.trim()}`;
  return `${name}:${value
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim()}`;
}

/** Headers a campaign repeats for every recipient: their canonical form is kept, not rebuilt per message. */
const repeatedHeaders = new Set([
  "from",
  "reply-to",
  "subject",
  "mime-version",
  "content-type",
  "list-unsubscribe-post",
  "x-campaign-id",
]);
/** Canonical forms kept at most: a few campaigns' worth; the lot is dropped when full. */
const keptHeaders = 64;

export function createDkimStages(key: DkimKey, crypto: typeof Crypto): DkimStages {
  // Parsed once per signer (per thread), never per message.
  const privateKey = crypto.createPrivateKey(key.privateKey);
  const kept = new Map<string, string>();
  const canonicalOf = (name: string, field: string) => {
    if (!repeatedHeaders.has(name)) return relaxedHeader(field);
    let canonical = kept.get(field);
    if (canonical === undefined) {
      if (kept.size >= keptHeaders) kept.clear();
      canonical = relaxedHeader(field);
      kept.set(field, canonical);
    }
    return canonical;
  };
  return {
    split(message) {
      // Signed as sent: every line ending CRLF (the SMTP client sends it so).
      const text = hasLoneBreak(message) ? message.replace(/\r\n|\r|\n/g, "\r\n") : message;
      const at = text.indexOf("\r\n\r\n");
      const head = at < 0 ? text : text.slice(0, at + 2);
      const body = at < 0 ? "" : text.slice(at + 4);
      return { text, head, body };
    },
    bodyHash: (body) => relaxedBodyHash(body, crypto.createHash("sha256")),
    headers(head) {
      // The last occurrence of a header is the one a verifier takes first (5.4.2); each is signed once.
      const fields = new Map<string, string>();
      for (const field of head.split(/\r\n(?![ \t])/)) {
        const name = field.slice(0, field.indexOf(":")).trim().toLowerCase();
        if (signedHeaders.has(name)) fields.set(name, field);
      }
      let canonical = "";
      for (const [name, field] of fields) canonical += `${canonicalOf(name, field)}\r\n`;
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
      const signed = canonical + relaxedHeader(header);
      return key.algorithm === "ed25519-sha256"
        ? crypto.sign(null, crypto.createHash("sha256").update(signed).digest(), privateKey)
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
