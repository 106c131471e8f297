// npm run bench:send — a 10,000-recipient campaign sent by the real server (per-recipient rendering,
// tracking, durable status) to a local SMTP sink, against raw pooled nodemailer sending the same
// number of similar messages to the same sink, in one run. Prints messages/s and the ratio, and the
// CPU each side spent per message. BENCH_RECIPIENTS (10,000), BENCH_DATABASES ("pglite,postgres"),
// BENCH_DATABASE_URL; SHOP_MAIN and SHOP_NODE_ARGS (e.g. --cpu-prof) as in lib.mjs. BENCH_DKIM=rsa (or
// ed25519) also sends each campaign DKIM-signed with a key made for the run, and prints both figures.
import { generateKeyPairSync } from "node:crypto";
import { createRequire } from "node:module";
import { createDatabase, machineSnapshot, startShop } from "./lib.mjs";

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
  const before = await machineSnapshot({});
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
  const cpu = cpuPerMessage(before, await machineSnapshot({}), seconds);
  transport.close();
  if (received - start !== count) throw new Error(`raw: sink got ${received - start} of ${count}`);
  return { rate: count / seconds, cpu };
}

async function viaShop(env, label, backends) {
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
    const before = await machineSnapshot({ pid: shop.pid, match: backends });
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
    const cpu = cpuPerMessage(before, await machineSnapshot({ pid: shop.pid, match: backends }), seconds);
    // Then the campaign must also have recorded every delivery and finished (not timed).
    for (;;) {
      const status = (await (await fetch(`${shop.url}/api/emailhistory/${draft.data._id}`, { headers: auth })).json())
        .data.status;
      if (status === "sent") break;
      if (Date.now() > deadline) throw new Error(`${label}: the campaign did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (received - start !== count) throw new Error(`${label}: sink got ${received - start} of ${count}`);
    return { rate: count / seconds, cpu, backends: Boolean(backends) };
  } finally {
    await shop.stop();
  }
}

/**
 * CPU milliseconds per message over a timed window: the server's (its PostgreSQL backends apart), this
 * process's (the sink, plus the client in the raw run), and how busy the whole machine was, so a
 * rate can be read against the noise of whatever else shares the two cores.
 */
function cpuPerMessage(before, after, seconds) {
  const ms = (key) => `${(((after[key] - before[key]) * 1000) / count).toFixed(2)} ms`;
  const busy = `machine ${(((after.machine - before.machine) / seconds) * 100).toFixed(0)}% busy (200% = both cores)`;
  return { server: ms("process"), database: ms("matched"), bench: ms("self"), busy };
}

const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const dkimType = process.env.BENCH_DKIM;
if (dkimType && dkimType !== "rsa" && dkimType !== "ed25519") throw new Error("BENCH_DKIM must be rsa or ed25519");
/** The same campaign unsigned, then (with BENCH_DKIM) signed: DKIM_* env for a key made for the run. */
const variants = [
  { label: "", env: {} },
  ...(dkimType
    ? [
        {
          label: ` + DKIM ${dkimType}`,
          env: {
            DKIM_DOMAIN: "example.com",
            DKIM_SELECTOR: "bench",
            DKIM_PRIVATE_KEY: generateKeyPairSync(dkimType, dkimType === "rsa" ? { modulusLength: 2048 } : {})
              .privateKey.export({ type: "pkcs8", format: "pem" })
              .toString(),
          },
        },
      ]
    : []),
];

try {
  const raw = await rawNodemailer();
  console.log(`raw pooled nodemailer          ${Math.round(raw.rate)} msg/s`);
  console.log(`  CPU per message: client and sink ${raw.cpu.bench}; ${raw.cpu.busy}`);
  const report = (label, result, target = "") => {
    const ratio = ((result.rate / raw.rate) * 100).toFixed(0);
    console.log(`${label.padEnd(31)}${Math.round(result.rate)} msg/s — ${ratio}% of raw${target}`);
    const { server, database, bench, busy } = result.cpu;
    const backends = result.backends ? `, its PostgreSQL backends ${database}` : "";
    console.log(`  CPU per message: server ${server}${backends}, sink ${bench}; ${busy}`);
  };
  if (databases.includes("pglite")) {
    for (const variant of variants) {
      const label = `campaign on PGlite${variant.label}`;
      report(label, await viaShop(variant.env, label), " (target ≥ 85%, ≥ 1000 msg/s)");
    }
  }
  if (!databases.includes("postgres")) {
    console.log("campaign on PostgreSQL         skipped (not in BENCH_DATABASES)");
  }
  // A fresh database for each variant, so the second import and campaign start from the same state.
  for (const variant of databases.includes("postgres") ? variants : []) {
    let database;
    try {
      database = await createDatabase(postgresUrl, "shop_bench_send");
    } catch {
      console.log("campaign on PostgreSQL         skipped (no server at BENCH_DATABASE_URL)");
      break;
    }
    try {
      const label = `campaign on PostgreSQL${variant.label}`;
      report(label, await viaShop({ ...variant.env, DATABASE_URL: database.url }, label, database.name));
    } finally {
      await database.drop();
    }
  }
} finally {
  sink.close();
}
