import crypto from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism, hostname } from "node:os";
import path from "node:path";
import tls from "node:tls";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { encode, wrap } from "nodemailer/lib/qp";
import type { Config } from "../config.ts";
import { type CampaignMail, signedRecipient } from "./campaign-recipient.ts";
import { createDkimSigner, type DkimKey } from "./dkim.ts";
import { renderRaw } from "./raw-message.ts";
import { explainSmtpError } from "./smtp-errors.ts";
import { createSmtpThread } from "./smtp-thread.ts";

export type OutgoingMail = Mail.Options;
export type SentMail = { messageId: string; response: string };

/** Where mail goes: a pooled SMTP connection, or .eml files in an outbox when no SMTP_URL is set. */
export type Mailer = {
  kind: "smtp" | "outbox";
  send(message: OutgoingMail | CampaignMail): Promise<SentMail>;
  close(): void;
};

/** This host's name for EHLO, as nodemailer gives it: a dotted name, else an address literal. */
function ehloName(): string {
  const name = hostname();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return `[${name}]`;
  return name.includes(".") ? name : "[127.0.0.1]";
}

/** Campaign messages come as parts of a raw message (campaign-message.ts); the rest as nodemailer options. */
const isCampaignMail = (message: OutgoingMail | CampaignMail): message is CampaignMail =>
  "template" in message && "links" in message;

/**
 * With a DKIM key, a nodemailer message is built here and signed, then handed over as it is to
 * send (`raw`): nodemailer's own `dkim` option signs with RSA only. Without one, it goes as it was.
 */
function accountSigner(dkim: DkimKey | undefined) {
  if (!dkim) return async (message: OutgoingMail) => message;
  const sign = createDkimSigner(dkim, crypto);
  return async (message: OutgoingMail): Promise<OutgoingMail> => {
    const built = new MailComposer(message).compile();
    const text = (await built.build()).toString("utf8");
    return { envelope: message.envelope ?? built.getEnvelope(), messageId: built.messageId(), raw: sign(text) };
  };
}

export type MailerOptions = {
  smtpUrl: string | undefined;
  outboxDir: string;
  pool?: number;
  /** Every message is signed with this key (DKIM_*). */
  dkim?: DkimKey | undefined;
  /** SMTP_CA_FILE's certificates, trusted for the relay's besides the system's. */
  ca?: string | undefined;
  /** SMTP_REQUIRE_TLS: nothing is sent unless STARTTLS (or smtps) encrypts the session. */
  requireTls?: boolean;
};

/** The mailer the configuration describes (SMTP_URL, SMTP_CA_FILE, SMTP_REQUIRE_TLS, DKIM_*). */
export function configuredMailerOptions(config: Config): MailerOptions {
  return {
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, "outbox"),
    pool: config.sender.concurrency,
    dkim: config.dkim,
    ca: config.smtpCa,
    requireTls: config.smtpRequireTls,
  };
}

export function createMailer(options: MailerOptions): Mailer {
  const signed = accountSigner(options.dkim);
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    // tls=off says plaintext is meant (a loopback test peer); only then may credentials go unencrypted.
    const plaintext = url.searchParams.get("tls") === "off";
    const connection = {
      host: url.hostname,
      port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
      secure: url.protocol === "smtps:",
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      ignoreTLS: plaintext,
      // Credentials, or SMTP_REQUIRE_TLS, make STARTTLS a must: a relay that does not offer it (or an
      // attacker who strips it from the reply) gets an error, not the password.
      requireTLS: !plaintext && (Boolean(url.password) || options.requireTls === true),
      tls: options.ca ? { ca: [...tls.rootCertificates, options.ca] } : undefined,
      connectionTimeout: 10_000,
      socketTimeout: 30_000,
    };
    // SEND_CONCURRENCY sessions (10 by default); the sender keeps more messages than that queued.
    const maxConnections = options.pool ?? 10;
    const pool = createSmtpThread({
      ...connection,
      name: ehloName(),
      maxConnections,
      maxMessages: 1_000,
      dkim: options.dkim,
      // Signing costs about as much CPU as the rest of a message: with a key, a thread per core
      // (at most 4) signs, the connections shared between them. Unsigned, one thread keeps up.
      threads: options.dkim ? Math.min(4, availableParallelism()) : 1,
    });
    // Everything else (account mail, the rare campaign message to an internationalised address)
    // needs nodemailer to build the MIME; it is little, so a connection or two serve it.
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 2,
      maxMessages: 1_000,
      ...connection,
    });
    return {
      kind: "smtp",
      async send(message) {
        try {
          if (isCampaignMail(message)) return { messageId: message.messageId, response: await pool.sendRaw(message) };
          const prepared = await signed(message);
          const info = await transport.sendMail(prepared);
          return { messageId: prepared.messageId ?? info.messageId, response: info.response };
        } catch (error) {
          throw explainSmtpError(error);
        }
      },
      close: () => {
        pool.close();
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const signRaw = options.dkim ? createDkimSigner(options.dkim, crypto) : (text: string) => text;
  const outboxCopy = (message: CampaignMail): OutgoingMail => {
    const { envelope, raw } = signedRecipient(message);
    return { envelope, raw: signRaw(renderRaw(message.template, raw, { encode, wrap })), messageId: message.messageId };
  };
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail(isCampaignMail(message) ? outboxCopy(message) : await signed(message));
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer);
      return { messageId: info.messageId, response: `written to outbox/${name}` };
    },
    close: () => transport.close(),
  };
}
