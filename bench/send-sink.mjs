// The SMTP sink for bench/send.mjs, in a process of its own so that neither sender shares its CPU:
// accepts every message on 127.0.0.1 and counts them. Driven over the IPC channel by send.mjs:
// { type: "expect", count } starts a new count and answers { type: "received" } once `count` messages
// are in, with the first one's envelope sender and bytes (so the bench can check, and copy, the
// message, and when the first and the last arrived (epoch ms, as performance.timeOrigin + now() in the
// bench); { type: "count" } answers how many arrived since the last expect.
import { createRequire } from "node:module";

const require = createRequire(new URL("../apps/api/package.json", import.meta.url));
const { SMTPServer } = require("smtp-server");

let received = 0;
let expected = Number.POSITIVE_INFINITY;
let first;
let firstAt;
/** Epoch milliseconds, comparable across the bench's processes (they share the clock). */
const now = () => performance.timeOrigin + performance.now();

const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const keep = first === undefined;
    const chunks = [];
    stream.on("data", (chunk) => {
      if (keep) chunks.push(chunk);
    });
    stream.on("end", () => {
      received += 1;
      if (received === 1) firstAt = now();
      if (keep && first === undefined)
        first = { mailFrom: session.envelope.mailFrom.address, message: Buffer.concat(chunks).toString("base64") };
      callback();
      if (received === expected) process.send({ type: "received", count: received, first, firstAt, lastAt: now() });
    });
  },
});
sink.on("error", () => {}); // a client dropping its connection is not the benchmark's business

process.on("message", (command) => {
  if (command.type === "expect") {
    received = 0;
    expected = command.count;
    first = undefined;
  } else if (command.type === "count") {
    process.send({ type: "count", count: received });
  }
});
// The bench gone (finished, or stopped with Ctrl-C): nothing left to receive for.
process.on("disconnect", () => process.exit(0));

sink.listen(0, "127.0.0.1", () => process.send({ type: "listening", port: sink.server.address().port }));
