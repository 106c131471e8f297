import type { Worker } from "node:worker_threads";
import { startThread } from "../lib/thread-entry.ts";
import type { CampaignMail, CampaignRecipient, LinkTemplate } from "./campaign-recipient.ts";
import type { DkimKey } from "./dkim.ts";
import type { RawTemplate } from "./raw-message.ts";
import type { SmtpPoolOptions } from "./smtp-pool.ts";

/**
 * A recipient of a campaign whose templates the thread holds (they come along the first time); the
 * thread signs the recipient's links and return addresses (campaign-recipient.ts).
 */
export type SmtpThreadRequest = {
  id: number;
  templateId: number;
  template?: { raw: RawTemplate; links: LinkTemplate };
  messageId: string;
  date: Date;
  recipient: CampaignRecipient;
};
export type SmtpThreadOptions = SmtpPoolOptions & {
  /** Every message is DKIM-signed in the thread with this key. */
  dkim?: DkimKey | undefined;
};
/** What the thread starts with (smtp-thread-entry.ts). */
export type SmtpThreadData = SmtpThreadOptions & { held: number };
export type SmtpErrorFields = {
  message: string;
  code?: string;
  responseCode?: number;
  command?: string;
  response?: string;
};
export type SmtpThreadReply = { id: number; response: string } | { id: number; error: SmtpErrorFields };

/** Templates the thread keeps: a few campaigns sending at once, each rendered by both sides alike. */
const heldTemplates = 16;

function toError(fields: SmtpErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/** One worker thread and the messages it has on their way. */
function startLane(options: SmtpThreadOptions) {
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
    const workerData: SmtpThreadData = { ...options, held: heldTemplates };
    const started = startThread(import.meta.url, "smtp-thread-entry", { workerData });
    started.on("message", (reply: SmtpThreadReply) => {
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
    /** Messages handed to this thread and not yet answered. */
    waiting: () => pending.size,
    sendRaw({ messageId, date, template, links, recipient }: CampaignMail): Promise<string> {
      // Started first: a new thread holds no templates yet.
      worker ??= start();
      const thread = worker;
      let templateId = templateIds.get(template);
      if (templateId === undefined) {
        templateId = nextTemplateId++;
        templateIds.set(template, templateId);
      }
      const request: SmtpThreadRequest = { id: nextId++, templateId, messageId, date, recipient };
      if (!held.includes(templateId)) {
        request.template = { raw: template, links };
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

/**
 * Campaign mail from worker threads, each rendering (and DKIM-signing) messages from its campaign's
 * template and sending them over SMTP through a pool of its own: that work runs beside the main
 * thread, which on PGlite also runs every database statement and keeps the queries and the signing
 * of each recipient's links. A claim or a status write there no longer stalls the connections, and
 * only a recipient's few strings cross between the threads. Started on the first message; failures
 * arrive with the same fields (code, responseCode) as in-process.
 *
 * `threads` (1 unless given) share maxConnections between them, and each message goes to the thread
 * with the fewest on their way: a DKIM signature costs as much CPU as the rest of sending, so where
 * cores are spare more threads keep a signed send as fast as an unsigned one.
 */
export function createSmtpThread(options: SmtpThreadOptions & { threads?: number | undefined }) {
  const { threads = 1, ...rest } = options;
  const count = Math.max(1, Math.min(threads, options.maxConnections));
  const lanes = Array.from({ length: count }, (_, i) =>
    startLane({
      ...rest,
      // 10 connections over 3 threads: 4, 3, 3.
      maxConnections: Math.floor(options.maxConnections / count) + (i < options.maxConnections % count ? 1 : 0),
    }),
  );
  let turn = 0;
  return {
    /** A campaign message, rendered in a thread: only the recipient's parts cross over. */
    sendRaw(mail: CampaignMail): Promise<string> {
      // The thread with the fewest messages on their way; among equals, each in turn.
      turn = (turn + 1) % lanes.length;
      let lane = lanes[turn];
      for (const other of lanes) if (lane && other.waiting() < lane.waiting()) lane = other;
      if (!lane) throw new Error("The SMTP threads are gone");
      return lane.sendRaw(mail);
    },
    close(): void {
      for (const lane of lanes) lane.close();
    },
  };
}
