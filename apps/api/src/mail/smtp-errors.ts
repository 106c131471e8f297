import { AppError } from "../lib/errors.ts";

/** What nodemailer and our SMTP client attach to a failure (smtp-client.ts keeps nodemailer's shape). */
type SmtpFailure = Error & { code?: string; responseCode?: number; response?: string; command?: string };

const untrustedCertificate = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_UNTRUSTED",
]);

export const noStartTls =
  "The relay does not offer STARTTLS, so the session would not be encrypted; nothing (credentials included) is sent over it unless SMTP_URL says tls=off";

/**
 * The same failure, said so that whoever reads it (a test send's answer, the outbox's last_error,
 * the log) knows what to change: an untrusted certificate points at SMTP_CA_FILE, a relay without
 * STARTTLS at tls=off. Anything else keeps its codes, which delivery outcomes are classified by.
 */
export function explainSmtpError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const failure = error as SmtpFailure;
  const tlsCode = [failure.code, (failure.cause as { code?: string } | undefined)?.code].find(
    (code) => code && untrustedCertificate.has(code),
  );
  let message: string | undefined;
  if (tlsCode || /self[- ]signed certificate|unable to verify the first certificate/i.test(failure.message)) {
    message = `The relay's TLS certificate is not trusted (${failure.message}); put the relay's certificate or its CA in a PEM file and set SMTP_CA_FILE to it`;
  } else if (
    failure.code === "ERR_TLS_CERT_ALTNAME_INVALID" ||
    /does not match certificate's altnames/.test(failure.message)
  ) {
    message = `The relay's TLS certificate is for another host name (${failure.message}); use the name it was issued for in SMTP_URL`;
  } else if (failure.code === "ETLS" && failure.command === "STARTTLS" && !failure.message.startsWith(noStartTls)) {
    message = `${noStartTls}${failure.response ? ` (the relay said: ${failure.response})` : ""}`;
  }
  if (!message) return error;
  // Each of these is the configuration's to fix, not the recipient's: no responseCode, so the
  // outbox and the campaign sender retry (nodemailer reports a refused STARTTLS with the relay's 5xx).
  return Object.assign(new Error(message, { cause: error }), {
    code: failure.code,
    response: failure.response,
    command: failure.command,
  });
}

const smtpCodes = new Set([
  "EENVELOPE",
  "EMESSAGE",
  "ECONNECTION",
  "ETIMEDOUT",
  "EAUTH",
  "ETLS",
  "EPROTOCOL",
  "ESOCKET",
  "EDNS",
]);

/**
 * A send the relay refused or could not be reached for, as the answer to a request that sent at once
 * (a test send): 502 with the relay's own words. Anything else is not the relay's doing and is thrown as it is.
 */
export function relayFailure(error: unknown, what: string): unknown {
  const failure = error as SmtpFailure;
  if (!(error instanceof Error) || !(failure.code && smtpCodes.has(failure.code))) return error;
  return new AppError(502, `The mail server did not take ${what}: ${failure.message}`);
}

/** What a failed send means for the message and for whoever it was to. */
export type SmtpVerdict = {
  /** Trying this recipient again will not help (a 5xx about the recipient or this message to them). */
  permanent: boolean;
  /** The recipient's address is refused for good: a hard bounce, which suppresses it. */
  bounce: boolean;
  /**
   * The relay refused us, not the recipient (our credentials, sender, quota, policy, the message as
   * a whole): every message would fail alike until that is fixed, so nothing is held against the
   * recipient; a campaign pauses, account mail waits for its next attempt.
   */
  relay: boolean;
  message: string;
};

/** An RFC 3463 enhanced status of a 5xx reply: class.subject.detail. */
const enhancedStatus = /\b5\.(\d{1,3})\.(\d{1,3})\b/;

/**
 * Whose a failure is, by the reply code, the command it answered (nodemailer and smtp-client.ts
 * name it) and the enhanced status:
 * - anything but a 5xx (4xx, a dropped or refused connection, a time-out) is worth another try;
 * - a 5xx to RCPT TO, or to DATA (some servers refuse recipients only after the message; a campaign
 *   message has one recipient), is the recipient's when its status says so: x.1.x (bad address or
 *   mailbox) or 5.2.1 (mailbox disabled) is a hard bounce, other x.2.x (mailbox full, too large for
 *   it) a failure that suppresses nothing. Without a status, 550/551/553 to RCPT TO are the classic
 *   "no such user" (a bounce), any other code there a failure;
 * - everything else is the relay's: a 5xx at AUTH, MAIL FROM, EHLO or the greeting, and at RCPT TO or
 *   DATA a status of x.3 (system), x.4 (routing, quota: 5.4.5), x.5 (protocol), x.6 (content),
 *   x.7 (policy: relaying denied, sender refused), or a DATA refusal without one (552 too large).
 */
export function classify(error: unknown): SmtpVerdict {
  const failure = (typeof error === "object" && error !== null ? error : {}) as Partial<SmtpFailure>;
  const code = failure.responseCode === undefined ? undefined : Number(failure.responseCode);
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const verdict = (permanent: boolean, bounce: boolean, relay: boolean) => ({ permanent, bounce, relay, message });
  if (code === undefined || Number.isNaN(code) || code < 500) return verdict(false, false, false);
  const recipientStage = failure.command === "RCPT TO" || failure.command === "DATA";
  if (!recipientStage) return verdict(false, false, true);
  const status = enhancedStatus.exec(failure.response ?? message);
  if (status) {
    const [, subject, detail] = status;
    if (subject === "1" || (subject === "2" && detail === "1")) return verdict(true, true, false);
    if (subject === "2") return verdict(true, false, false);
    return verdict(false, false, true);
  }
  if (failure.command === "DATA") return verdict(false, false, true);
  return verdict(true, [550, 551, 553].includes(code), false);
}
