import type * as Crypto from "node:crypto";
import { createRequire } from "node:module";
import type * as Net from "node:net";
import type * as Tls from "node:tls";
import { type MessagePort, Worker } from "node:worker_threads";
import type * as Qp from "nodemailer/lib/qp";
import { createDkimSigner, type DkimKey } from "./dkim.ts";
import { type RawMail, type RawRecipient, type RawTemplate, renderRaw } from "./raw-message.ts";
import { connectSmtp, type SmtpEnvelope } from "./smtp-client.ts";
import { createSmtpPool, type SmtpPoolOptions } from "./smtp-pool.ts";

/** A recipient's parts of a template the thread holds (the template comes along the first time). */
type Request = {
  id: number;
  envelope: SmtpEnvelope;
  templateId: number;
  template?: RawTemplate;
  recipient: RawRecipient;
};
export type SmtpThreadOptions = SmtpPoolOptions & {
  /** Every message is DKIM-signed in the thread with this key. */
  dkim?: DkimKey | undefined;
};
type SmtpErrorFields = { message: string; code?: string; responseCode?: number; command?: string; response?: string };
type Reply = { id: number; response: string } | { id: number; error: SmtpErrorFields };

/**
 * The thread's side: renders and sends what it is given through a pool, and answers each message by
 * id. It keeps the last `held` templates, dropping the oldest first, as the main thread expects.
 * Runs from its source text, so it uses nothing but its arguments and globals.
 */
function serve(
  port: MessagePort,
  options: SmtpThreadOptions & { held: number },
  code: {
    createPool: typeof createSmtpPool;
    connect: typeof connectSmtp;
    render: typeof renderRaw;
    signer: typeof createDkimSigner;
  },
  io: { net: typeof Net; tls: typeof Tls; qp: typeof Qp; crypto: typeof Crypto },
): void {
  const pool = code.createPool(options, (clientOptions) => code.connect(clientOptions, io));
  // Signed here, after rendering: the key stays parsed in this thread, and the main thread pays nothing.
  const sign = options.dkim ? code.signer(options.dkim, io.crypto) : (text: string) => text;
  const templates = new Map<number, RawTemplate>();
  const textOf = (request: Request) => {
    if (request.template) templates.set(request.templateId, request.template);
    if (templates.size > options.held) templates.delete(templates.keys().next().value ?? -1);
    const template = templates.get(request.templateId);
    if (!template) throw new Error("The SMTP thread lost the campaign's template");
    return sign(code.render(template, request.recipient, io.qp));
  };
  port.on("message", (request: Request | "close") => {
    if (request === "close") {
      pool.close();
      port.close();
      return;
    }
    new Promise<string>((resolve) => resolve(textOf(request)))
      .then((text) => pool.send(request.envelope, text))
      .then(
        (response) => port.postMessage({ id: request.id, response }),
        (error: SmtpErrorFields) =>
          port.postMessage({
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

// The bundle has no separate file to start a thread from, so the thread gets these functions as
// source text. esbuild's keepNames (tsx, in development) wraps inner functions in __name().
const source = `const __name = (fn) => fn;
const { parentPort, workerData } = require("node:worker_threads");
const code = { createPool: ${createSmtpPool.toString()}, connect: ${connectSmtp.toString()}, render: ${renderRaw.toString()}, signer: ${createDkimSigner.toString()} };
const io = { net: require("node:net"), tls: require("node:tls"), qp: require(workerData.qp), crypto: require("node:crypto") };
(${serve.toString()})(parentPort, workerData.options, code, io);`;

const qpModule = createRequire(import.meta.url).resolve("nodemailer/lib/qp");
/** Templates the thread keeps: a few campaigns sending at once, each rendered by both sides alike. */
const heldTemplates = 16;

function toError(fields: SmtpErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/**
 * Campaign mail from a worker thread, which renders each message from its campaign's template and
 * sends it over SMTP: that work runs on the second core, and the main thread, which on PGlite also
 * runs every database statement, keeps the queries and the signing of each recipient's links. A
 * claim or a status write there no longer stalls the connections, and only a recipient's few
 * strings cross between the threads. Started on the first message; failures arrive with the same
 * fields (code, responseCode) as in-process.
 */
export function createSmtpThread(options: SmtpThreadOptions) {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(response: string): void; reject(error: Error): void }>();
  const templateIds = new WeakMap<RawTemplate, number>();
  let nextTemplateId = 0;
  // The ids the running thread holds, oldest first: it drops them in the same order.
  let held: number[] = [];

  function failAll(error: Error): void {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function start(): Worker {
    held = [];
    const started = new Worker(source, {
      eval: true,
      workerData: { options: { ...options, held: heldTemplates }, qp: qpModule },
    });
    started.on("message", (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if ("error" in reply) waiting.reject(toError(reply.error));
      else waiting.resolve(reply.response);
      // Only messages on their way keep the process alive, as open sockets would in-process.
      if (pending.size === 0) started.unref();
    });
    // A thread that died takes its messages with it; the next message starts a new one.
    const lost = (error: Error) => {
      if (worker === started) worker = undefined;
      failAll(error);
    };
    started.on("error", lost);
    started.on("exit", () => lost(new Error("The SMTP thread stopped")));
    return started;
  }

  return {
    /** A campaign message, rendered in the thread: only the recipient's parts cross over. */
    sendRaw({ envelope, template, recipient }: RawMail): Promise<string> {
      // Started first: a new thread holds no templates yet.
      worker ??= start();
      const thread = worker;
      let templateId = templateIds.get(template);
      if (templateId === undefined) {
        templateId = nextTemplateId++;
        templateIds.set(template, templateId);
      }
      const request: Request = { id: nextId++, envelope, templateId, recipient };
      if (!held.includes(templateId)) {
        request.template = template;
        held.push(templateId);
        if (held.length > heldTemplates) held.shift();
      }
      return new Promise<string>((resolve, reject) => {
        if (pending.size === 0) thread.ref();
        pending.set(request.id, { resolve, reject });
        thread.postMessage(request);
      });
    },
    close(): void {
      worker?.postMessage("close");
      worker?.unref();
      worker = undefined;
      failAll(new Error("The mail pool is closed"));
    },
  };
}
