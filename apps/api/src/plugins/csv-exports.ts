import { Readable } from "node:stream";
import { copy } from "@shop/shared/copy";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors.ts";
import { createSlots } from "../lib/slots.ts";

declare module "fastify" {
  interface FastifyReply {
    /**
     * Streams a CSV export as an attachment. `chunks` is the header row, then the batches. The export waits
     * for one of the process's export slots, and reads its first batch before the status line, so a
     * database that cannot answer gets an error status rather than a 200 cut short.
     */
    sendCsv(filename: string, chunks: AsyncIterable<string>): Promise<FastifyReply>;
  }
}

export type CsvExportOptions = {
  /** Exports running at once in this process. */
  slots?: number;
  /** How long a request waits for a slot before it is answered 503. */
  waitMs?: number;
};

/**
 * Exports parse thousands of rows and format CSV on the event loop: the heaviest work the API does. Sixteen
 * at once held it for seconds at a time, so that each one's queries outlived the client's 10 s query timeout
 * and broke off after their 200 (the faults suite's overload run). Two at a time finish sooner one by one,
 * and a third waits its turn.
 */
export const csvExportsPlugin = fp(async (app: FastifyInstance, options: CsvExportOptions) => {
  const slots = createSlots(options.slots ?? 2);
  const waitMs = options.waitMs ?? 15_000;

  app.decorateReply(
    "sendCsv",
    async function sendCsv(this: FastifyReply, filename: string, chunks: AsyncIterable<string>) {
      const release = await slots.take(waitMs);
      if (!release) throw new AppError(503, copy.errors.exportsBusy, undefined, { "retry-after": "5" });
      let body: Readable;
      try {
        body = Readable.from(await readFirstBatch(chunks));
      } catch (error) {
        release();
        throw error;
      }
      // `close` comes once: after the last byte, or when the client hangs up and the stream is destroyed.
      body.once("close", release);
      return this.type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(body);
    },
  );
});

/** The header row and the first batch, read now; then the rest as the response drains. */
async function readFirstBatch(chunks: AsyncIterable<string>): Promise<AsyncGenerator<string>> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: string[] = [];
  for (let read = 0; read < 2; read += 1) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
  }
  return (async function* () {
    try {
      yield* head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A client that hung up ends the export here, not at its next batch.
      await iterator.return?.();
    }
  })();
}
