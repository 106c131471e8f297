// The raw nodemailer baseline for bench/send.mjs, in a process of its own (not the sink's, not the
// bench's), as the shop sends from its own. On { type: "send", ... } it sends `count` copies of the
// given message bytes, one recipient each, through pooled nodemailer with the shop's pool settings
// (optionally DKIM-signed by nodemailer's own `dkim` option, which signs with RSA only), keeping
// `inFlight` messages handed to the pool, and answers { type: "sent", failed }.
import { createRequire } from "node:module";

const require = createRequire(new URL("../apps/api/package.json", import.meta.url));
const nodemailer = require("nodemailer");

async function send({ port, count, message, mailFrom, maxConnections, maxMessages, inFlight, dkim }) {
  const raw = Buffer.from(message, "base64");
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections,
    maxMessages,
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 10_000,
    socketTimeout: 30_000,
    ...(dkim ? { dkim } : {}),
  });
  let next = 0;
  let failed = 0;
  let firstError;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++;
        try {
          await transport.sendMail({ envelope: { from: mailFrom, to: `raw${i}@example.com` }, raw });
        } catch (error) {
          failed += 1;
          firstError ??= String(error);
        }
      }
    }),
  );
  transport.close();
  return { failed, firstError };
}

process.on("message", async (command) => {
  if (command.type === "send") process.send({ type: "sent", ...(await send(command)) });
});
process.on("disconnect", () => process.exit(0));
process.send({ type: "ready" });
