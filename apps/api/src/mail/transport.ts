import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";

export type OutgoingMail = Mail.Options;
export type SentMail = { messageId: string; response: string };

/** Where mail goes: a pooled SMTP connection, or .eml files in an outbox when no SMTP_URL is set. */
export type Mailer = {
  kind: "smtp" | "outbox";
  send(message: OutgoingMail): Promise<SentMail>;
  close(): void;
};

export function createMailer(options: { smtpUrl: string | undefined; outboxDir: string; pool?: number }): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const transport = nodemailer.createTransport({
      pool: true,
      // The SEND_CONCURRENCY default: the sender keeps that many messages going, and fewer
      // connections would leave the rest waiting in the pool's queue.
      maxConnections: options.pool ?? 10,
      maxMessages: 1_000,
      host: url.hostname,
      port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
      secure: url.protocol === "smtps:",
      ...(url.username && { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
      // Loopback test peers speak plain SMTP; real relays negotiate STARTTLS when offered.
      ignoreTLS: url.searchParams.get("tls") === "off",
      connectionTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: "smtp",
      async send(message) {
        const info = await transport.sendMail(message);
        return { messageId: info.messageId, response: info.response };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer);
      return { messageId: info.messageId, response: `written to outbox/${name}` };
    },
    close: () => transport.close(),
  };
}
