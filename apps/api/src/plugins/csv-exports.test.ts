import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import Fastify from "fastify";
import { afterEach, expect, it } from "vitest";
import { csvExportsPlugin } from "./csv-exports.ts";
import { errorsPlugin } from "./errors.ts";

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

/** An app with one export slot, whose /held export waits at its first batch until `open()`. */
async function appWithOneSlot() {
  const app = Fastify();
  close = () => app.close();
  await app.register(errorsPlugin);
  await app.register(csvExportsPlugin, { slots: 1, waitMs: 200 });
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let ended = false;
  app.get("/held", (_request, reply) =>
    reply.sendCsv(
      "held.csv",
      (async function* () {
        yield "a\r\n";
        await gate;
        yield "1\r\n";
      })(),
    ),
  );
  app.get("/endless", (_request, reply) =>
    reply.sendCsv(
      "endless.csv",
      (async function* () {
        try {
          yield "a\r\n";
          for (;;) {
            yield `${"x".repeat(64 * 1024)}\r\n`;
            await sleep(1);
          }
        } finally {
          ended = true;
        }
      })(),
    ),
  );
  app.get("/quick", (_request, reply) =>
    reply.sendCsv(
      "quick.csv",
      (async function* () {
        yield* ["a\r\n", "1\r\n"];
      })(),
    ),
  );
  return { app, open: () => open(), ended: () => ended };
}

it("answers 503 with Retry-After when no slot frees up in time, and serves once one does", async () => {
  const { app, open } = await appWithOneSlot();
  const held = app.inject({ url: "/held" });
  await sleep(20);
  const refused = await app.inject({ url: "/quick" });
  expect(refused.statusCode).toBe(503);
  expect(refused.headers["retry-after"]).toBe("5");
  expect(refused.json()).toEqual({
    success: false,
    message: "Other exports are being prepared. Please try again in a few seconds.",
  });

  const waiting = app.inject({ url: "/quick" });
  await sleep(20);
  open();
  const first = await held;
  expect(first.statusCode).toBe(200);
  expect(first.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(first.headers["content-disposition"]).toBe('attachment; filename="held.csv"');
  expect(first.body).toBe("a\r\n1\r\n");
  expect((await waiting).body).toBe("a\r\n1\r\n");
});

it("gives the slot back, and ends the export, when the client hangs up mid-file", async () => {
  const { app, ended } = await appWithOneSlot();
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve, reject) => {
    const outgoing = request(`${address}/endless`, (response) => {
      response.once("data", () => {
        outgoing.destroy();
        resolve();
      });
    });
    outgoing.on("error", () => {});
    outgoing.once("timeout", () => reject(new Error("no data")));
    outgoing.end();
  });
  const deadline = Date.now() + 2_000;
  while (!ended() && Date.now() < deadline) await sleep(10);
  expect(ended()).toBe(true);
  const next = await app.inject({ url: "/quick" });
  expect(next.statusCode).toBe(200);
});

it("gives the slot back when the client that waited for it hung up before its turn", async () => {
  const { app, open } = await appWithOneSlot();
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const held = app.inject({ url: "/held" });
  await sleep(20);
  // Two callers queue for the one slot and leave before it frees: neither may keep it.
  for (let i = 0; i < 2; i++) {
    const outgoing = request(`${address}/quick`);
    outgoing.on("error", () => {});
    outgoing.end();
    await sleep(20);
    outgoing.destroy();
  }
  await sleep(20);
  open();
  expect((await held).statusCode).toBe(200);
  await sleep(50);
  const next = await app.inject({ url: "/quick" });
  expect(next.statusCode).toBe(200);
  expect(next.body).toBe("a\r\n1\r\n");
});

it("breaks the download off, never ends it as if whole, when a later batch fails; and gives the slot back", async () => {
  const { app } = await appWithOneSlot();
  app.get("/failing", (_request, reply) =>
    reply.sendCsv(
      "failing.csv",
      (async function* () {
        yield "a\r\n";
        yield "1\r\n";
        await sleep(10);
        throw new Error("the database went away");
      })(),
    ),
  );
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const outcome = await new Promise<{ status?: number; complete: boolean; body: string }>((resolve) => {
    const outgoing = request(`${address}/failing`, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("error", () => {});
      response.on("close", () => resolve({ status: response.statusCode, complete: response.complete, body }));
    });
    outgoing.on("error", () => resolve({ complete: false, body: "" }));
    outgoing.end();
  });
  expect(outcome.status).toBe(200);
  expect(outcome.body.startsWith("a\r\n1\r\n")).toBe(true);
  // Chunked, with no last chunk: a browser or curl reports the download as failed, not a short file as done.
  expect(outcome.complete).toBe(false);
  const next = await app.inject({ url: "/quick" });
  expect(next.statusCode).toBe(200);
});
