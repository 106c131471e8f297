import crypto from "node:crypto";
import net from "node:net";
import tls from "node:tls";
import { parentPort, workerData } from "node:worker_threads";
import { encode, wrap } from "nodemailer/lib/qp";
import { type LinkTemplate, signedRecipient } from "./campaign-recipient.ts";
import { createDkimSigner } from "./dkim.ts";
import { type RawTemplate, renderRaw } from "./raw-message.ts";
import { connectSmtp } from "./smtp-client.ts";
import { createSmtpPool } from "./smtp-pool.ts";
import type { SmtpErrorFields, SmtpThreadData, SmtpThreadReply, SmtpThreadRequest } from "./smtp-thread.ts";

/**
 * The SMTP thread (started by smtp-thread.ts): renders and sends what it is given through a pool,
 * and answers each message by id. It keeps the last `held` templates, dropping the oldest first, as
 * the main thread expects.
 */
function serve(port: NonNullable<typeof parentPort>, options: SmtpThreadData): void {
  const pool = createSmtpPool(options, (clientOptions) => connectSmtp(clientOptions, { net, tls }));
  // Signed here, after rendering: the key stays parsed in this thread, and the main thread pays nothing.
  const sign = options.dkim ? createDkimSigner(options.dkim, crypto) : (text: string) => text;
  const reply = (message: SmtpThreadReply) => port.postMessage(message);
  const templates = new Map<number, { raw: RawTemplate; links: LinkTemplate }>();
  const prepare = (request: SmtpThreadRequest) => {
    if (request.template) templates.set(request.templateId, request.template);
    if (templates.size > options.held) templates.delete(templates.keys().next().value ?? -1);
    const template = templates.get(request.templateId);
    if (!template) throw new Error("The SMTP thread lost the campaign's template");
    const { messageId, date, recipient } = request;
    const { envelope, raw } = signedRecipient({
      messageId,
      date,
      template: template.raw,
      links: template.links,
      recipient,
    });
    return { envelope, text: sign(renderRaw(template.raw, raw, { encode, wrap })) };
  };
  port.on("message", (request: SmtpThreadRequest | "close") => {
    if (request === "close") {
      pool.close();
      port.close();
      return;
    }
    new Promise<ReturnType<typeof prepare>>((resolve) => resolve(prepare(request)))
      .then(({ envelope, text }) => pool.send(envelope, text))
      .then(
        (response) => reply({ id: request.id, response }),
        (error: SmtpErrorFields) =>
          reply({
            id: request.id,
            error: {
              message: String(error?.message ?? error),
              code: error?.code,
              responseCode: error?.responseCode,
              command: error?.command,
              response: error?.response,
            },
          }),
      );
  });
}

if (!parentPort) throw new Error("smtp-thread-entry runs as a worker thread (smtp-thread.ts starts it)");
serve(parentPort, workerData as SmtpThreadData);
