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

/** SMTP 5xx means the server refused for good; anything else (4xx, a dropped connection) is worth another try. */
export function classify(error: unknown): { permanent: boolean; bounce: boolean; message: string } {
  const code =
    typeof error === "object" && error !== null && "responseCode" in error ? Number(error.responseCode) : undefined;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (code !== undefined && code >= 500)
    return { permanent: true, bounce: [550, 551, 552, 553, 554].includes(code), message };
  return { permanent: false, bounce: false, message };
}
