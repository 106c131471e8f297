// npm run bench:send — a 10,000-recipient campaign sent by the real server (per-recipient rendering,
// tracking, durable status) to a local SMTP sink, against raw pooled nodemailer sending the same
// number of similar messages to the same sink, in one run. Prints messages/s and the ratio.
import { execSync } from "node:child_process";
import { createRequire } from "node:module";
import { startShop } from "./lib.mjs";

const require = createRequire(new URL("../apps/api/package.json", import.meta.url));
const { SMTPServer } = require("smtp-server");
const nodemailer = require("nodemailer");

const count = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const concurrency = 10;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received += 1;
      callback();
    });
  },
});
sink.on("error", () => {}); // a client dropping its connection is not the benchmark's business
await new Promise((resolve) => sink.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${sink.server.address().port}?tls=off`;

const html = `<!doctype html><html><body><div style="max-width:600px;margin:0 auto">${'<p>Smart locks, switches and sensors for every room. <a href="https://example.com/x">Read more</a></p>'.repeat(30)}</div></body></html>`;

async function rawNodemailer() {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: concurrency,
    maxMessages: 1000,
    host: "127.0.0.1",
    port: sink.server.address().port,
    secure: false,
    ignoreTLS: true,
  });
  const start = received;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        await transport.sendMail({
          from: "shop@example.com",
          to: `raw${i}@example.com`,
          subject: "Raw",
          html,
          text: "Raw",
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  if (received - start !== count) throw new Error(`raw: sink got ${received - start} of ${count}`);
  return count / seconds;
}

async function viaShop(env, label) {
  const shop = await startShop({ SMTP_URL: smtpUrl, SEND_CONCURRENCY: String(concurrency), ...env });
  try {
    const login = await (
      await fetch(`${shop.url}/api/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@example.com", password: "bench-password" }),
      })
    ).json();
    const auth = { authorization: `Bearer ${login.data.token}` };
    const json = { ...auth, "content-type": "application/json" };
    const tag = await (
      await fetch(`${shop.url}/api/newsletter-tags/tags`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: "Bench" }),
      })
    ).json();
    const form = new FormData();
    form.append("tagIds", tag.data._id);
    const csv = ["email", ...Array.from({ length: count }, (_, i) => `shop${i}@example.com`)].join("\n");
    form.append("file", new Blob([csv], { type: "text/csv" }), "bench.csv");
    const imported = await fetch(`${shop.url}/api/csv/import-csv`, { method: "POST", headers: auth, body: form });
    if (!imported.ok) throw new Error(`import failed: ${(await imported.json()).message}`);
    const draft = await (
      await fetch(`${shop.url}/api/compose-mail`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ subject: "Bench", preheader: "", html, audience: { type: "all" } }),
      })
    ).json();
    const start = received;
    const started = performance.now();
    const send = await fetch(`${shop.url}/api/emailhistory/send-mail`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ mailId: draft.data._id }),
    });
    if (send.status !== 202) throw new Error(`send failed: ${(await send.json()).message}`);
    // Timed like the raw run: until the sink holds every message. Watching the sink costs the server
    // nothing, where polling the campaign's status would query it (on PGlite, on the sender's thread).
    const deadline = Date.now() + 600_000;
    while (received - start < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    const seconds = (performance.now() - started) / 1000;
    // Then the campaign must also have recorded every delivery and finished (not timed).
    for (;;) {
      const status = (await (await fetch(`${shop.url}/api/emailhistory/${draft.data._id}`, { headers: auth })).json())
        .data.status;
      if (status === "sent") break;
      if (Date.now() > deadline) throw new Error(`${label}: the campaign did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (received - start !== count) throw new Error(`${label}: sink got ${received - start} of ${count}`);
    return count / seconds;
  } finally {
    await shop.stop();
  }
}

try {
  const raw = await rawNodemailer();
  console.log(`raw pooled nodemailer          ${Math.round(raw)} msg/s`);
  const pglite = await viaShop({}, "PGlite");
  console.log(
    `campaign on PGlite             ${Math.round(pglite)} msg/s — ${((pglite / raw) * 100).toFixed(0)}% of raw (target ≥ 85%, ≥ 1000 msg/s)`,
  );
  let dbName;
  try {
    execSync(`psql "${postgresUrl}" -Atc "select 1"`, { stdio: "ignore" });
    dbName = `shop_bench_send_${Date.now()}`;
    execSync(`psql "${postgresUrl}" -qc "create database ${dbName}"`);
  } catch {
    console.log("campaign on PostgreSQL         skipped (no server at BENCH_DATABASE_URL)");
  }
  if (dbName) {
    const url = new URL(postgresUrl);
    url.pathname = `/${dbName}`;
    try {
      const pg = await viaShop({ DATABASE_URL: url.toString() }, "PostgreSQL");
      console.log(`campaign on PostgreSQL         ${Math.round(pg)} msg/s — ${((pg / raw) * 100).toFixed(0)}% of raw`);
    } finally {
      execSync(`psql "${postgresUrl}" -qc "drop database if exists ${dbName} with (force)"`);
    }
  }
} finally {
  sink.close();
}
