// npm run bench:send — a campaign sent by the real server (per-recipient rendering, tracking links,
// VERP, durable status) against raw pooled nodemailer sending copies of the very message the shop sent
// (captured by the sink from the shop's first campaign: same size, parts and links, built once).
// Three processes besides this one: the shop (its CPU counts every thread, the SMTP worker's too),
// raw nodemailer (bench/send-raw.mjs, the shop's pool settings) and the SMTP sink
// (bench/send-sink.mjs), all on 127.0.0.1. The sides alternate for BENCH_ROUNDS rounds (at least 3)
// on each database; the report gives medians with the spread (min–max), msg/s, and the CPU per message
// of the sending process, of the sink and (PostgreSQL) of the database's backends, and each send's
// fixed cost: its time less `count` messages at its own rate from the first to the last message
// (what dominates a small campaign: BENCH_RECIPIENTS=1000).
// BENCH_RECIPIENTS (10,000), BENCH_DATABASES ("pglite,postgres"), BENCH_DATABASE_URL; SHOP_MAIN and
// SHOP_NODE_ARGS (e.g. --cpu-prof) as in lib.mjs. BENCH_DKIM=rsa (or ed25519) also sends each
// campaign DKIM-signed with a key made for the run; with rsa, raw nodemailer signs too (its `dkim`
// option signs with RSA only), which gives the like-for-like signed ratio.
import { fork } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import {
  alternate,
  campaignHtml,
  cpuSeconds,
  createDatabase,
  machineSnapshot,
  root,
  spread,
  startShop,
} from "./lib.mjs";

const count = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The shop's pool (mail/transport.ts): SEND_CONCURRENCY sessions of at most 1,000 messages each. */
const pool = { maxConnections: 10, maxMessages: 1_000 };
/**
 * Messages handed to the raw pool at once: as many as the shop's two sender lanes keep handed to its
 * pool on that database (jobs/campaign-sender.ts, handOffPerConnection: 8 on PGlite, 2 on PostgreSQL).
 * Beyond one per connection they only wait in nodemailer's queue: raw sent as fast with 160 as with 40.
 */
const inFlightOn = { pglite: pool.maxConnections * 2 * 8, postgres: pool.maxConnections * 2 * 2 };
/** No wait in this bench lasts longer: it ends by itself even when a side stalls. */
const patience = Math.max(120_000, count * 20);

/** A bench process on the IPC channel: request() sends a command and resolves to the reply of `type`. */
function child(file) {
  const proc = fork(path.join(root, "bench", file), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const waiting = new Map();
  proc.on("message", (message) => {
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
  });
  const reply = (type) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${file}: no "${type}" within ${patience} ms`)), patience);
      timer.unref(); // a bench that failed elsewhere exits without waiting for this
      const gone = () => reject(new Error(`${file} exited`));
      proc.once("exit", gone);
      waiting.set(type, (message) => {
        clearTimeout(timer);
        proc.off("exit", gone);
        resolve(message);
      });
    });
  return {
    pid: proc.pid,
    reply,
    request(command, type) {
      const answer = reply(type);
      proc.send(command);
      return answer;
    },
    stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
    },
  };
}

const sink = child("send-sink.mjs");
const raw = child("send-raw.mjs");
const [{ port: sinkPort }] = await Promise.all([sink.reply("listening"), raw.reply("ready")]);
const smtpUrl = `smtp://127.0.0.1:${sinkPort}?tls=off`;
/** The shop's message as the sink received it, from the first unsigned campaign. */
let captured;

/** CPU seconds so far of each process that takes part, the machine's and the database backends'. */
async function snapshot(shopPid, match) {
  const machine = await machineSnapshot({ match });
  return {
    at: performance.now(),
    machine: machine.machine,
    database: machine.matched,
    shop: shopPid ? cpuSeconds(shopPid) : 0,
    // The main thread alone: on PGlite it runs every query as well as handing each message over.
    shopMain: shopPid ? cpuSeconds(shopPid, shopPid) : 0,
    raw: cpuSeconds(raw.pid),
    sink: cpuSeconds(sink.pid),
  };
}

/** Epoch milliseconds, comparable with the sink's arrival times (send-sink.mjs). */
const now = () => performance.timeOrigin + performance.now();

/**
 * One timed send: `start` sets it off and resolves when its side is done (the shop's with when "Send
 * now" answered); the sink must get every message. `timeline` holds when it began, answered, and when
 * the first and last message arrived.
 */
async function timed(start, { shopPid, match }) {
  const arrived = sink.request({ type: "expect", count }, "received");
  const before = await snapshot(shopPid, match);
  const startAt = now();
  const [{ first, firstAt, lastAt }, started] = await Promise.all([arrived, start()]);
  const after = await snapshot(shopPid, match);
  const seconds = (after.at - before.at) / 1000;
  const perMessage = (key) => ((after[key] - before[key]) * 1000) / count;
  return {
    rate: count / seconds,
    cpu: {
      shop: perMessage("shop"),
      shopMain: perMessage("shopMain"),
      raw: perMessage("raw"),
      sink: perMessage("sink"),
      database: perMessage("database"),
    },
    busy: (after.machine - before.machine) / seconds,
    mainBusy: (after.shopMain - before.shopMain) / seconds,
    first,
    timeline: { startAt, answeredAt: started?.answeredAt ?? startAt, firstAt, lastAt },
  };
}

/**
 * What a send costs besides its messages, from its timeline: the whole time (from "Send now" to the
 * last message at the sink) less what `count` messages take at the rate between the first and the
 * last; and its parts before the first message.
 */
function fixedCost({ startAt, answeredAt, firstAt, lastAt }) {
  const steady = count > 1 ? ((lastAt - firstAt) * count) / (count - 1) : 0;
  return {
    answer: answeredAt - startAt,
    toFirst: firstAt - answeredAt,
    fixed: lastAt - startAt - steady,
    rateFromAnswer: (count * 1000) / (lastAt - answeredAt),
  };
}

/** Raw nodemailer sending copies of the captured message, signed by nodemailer when `dkim` is given. */
function rawSide(dkim, inFlight) {
  return () =>
    timed(async () => {
      const command = { type: "send", port: sinkPort, count, inFlight, ...pool, ...captured, dkim };
      const { failed, firstError } = await raw.request(command, "sent");
      if (failed > 0) throw new Error(`raw nodemailer: ${failed} messages failed, first: ${firstError}`);
    }, {});
}

/** A shop on its own database with `count` subscribers; side() sends one campaign to all of them. */
async function shopWithAudience(env, match) {
  const shop = await startShop({ SMTP_URL: smtpUrl, SEND_CONCURRENCY: String(pool.maxConnections), ...env });
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

    const side = async (round) => {
      const draft = await (
        await fetch(`${shop.url}/api/compose-mail`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({
            subject: `Bench ${round}`,
            preheader: "",
            html: campaignHtml,
            audience: { type: "all" },
          }),
        })
      ).json();
      // Timed until the sink holds every message, like the raw side: watching the sink costs the shop
      // nothing, where polling the campaign's status would query it (on PGlite, on the sending thread).
      const result = await timed(
        async () => {
          const send = await fetch(`${shop.url}/api/emailhistory/send-mail`, {
            method: "POST",
            headers: json,
            body: JSON.stringify({ mailId: draft.data._id }),
          });
          if (send.status !== 202) throw new Error(`send failed: ${(await send.json()).message}`);
          return { answeredAt: now() };
        },
        { shopPid: shop.pid, match },
      );
      // Then (not timed) the campaign must have recorded every delivery and finished, with no extra mail.
      const deadline = Date.now() + patience;
      for (;;) {
        const { data } = await (
          await fetch(`${shop.url}/api/emailhistory/${draft.data._id}`, { headers: auth })
        ).json();
        if (data.status === "sent") break;
        if (Date.now() > deadline) throw new Error("the campaign did not finish");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const { count: got } = await sink.request({ type: "count" }, "count");
      if (got !== count) throw new Error(`the sink got ${got} messages for ${count} recipients`);
      return result;
    };
    return { shop, side };
  } catch (error) {
    await shop.stop();
    throw error;
  }
}

const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const dkimType = process.env.BENCH_DKIM;
if (dkimType && dkimType !== "rsa" && dkimType !== "ed25519") throw new Error("BENCH_DKIM must be rsa or ed25519");
const dkimKey = dkimType
  ? generateKeyPairSync(dkimType, dkimType === "rsa" ? { modulusLength: 2048 } : {})
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString()
  : undefined;
/** The campaign unsigned, then (BENCH_DKIM) signed with the run's key. */
const variants = [
  { label: "", env: {} },
  ...(dkimType
    ? [
        {
          label: ` + DKIM ${dkimType}`,
          env: { DKIM_DOMAIN: "example.com", DKIM_SELECTOR: "bench", DKIM_PRIVATE_KEY: dkimKey },
          rawDkim:
            dkimType === "rsa" ? { domainName: "example.com", keySelector: "bench", privateKey: dkimKey } : undefined,
        },
      ]
    : []),
];

const line = (label, value) => console.log(`  ${label.padEnd(62)} ${value}`);
const msPer = (value) => value.toFixed(3);
const pct = (value) => `${(value * 100).toFixed(0)}%`;
const hasDkim = (first) => /^dkim-signature:/im.test(Buffer.from(first.message, "base64").toString("latin1"));

function report(title, runs, variant) {
  const rate = (name) => runs[name].map((run) => run.rate);
  const ratio = (name, baseline) => runs[name].map((run, i) => run.rate / runs[baseline][i].rate);
  const cpu = (name, key) =>
    spread(
      runs[name].map((run) => run.cpu[key]),
      msPer,
    );
  const bytes = (name) => Buffer.from(runs[name][0].first.message, "base64").length;
  console.log(`${title}: ${count} recipients, ${runs.shop.length} rounds alternating; medians (min–max)`);
  line("raw pooled nodemailer, own process (msg/s)", spread(rate("raw")));
  if (runs.rawSigned) line(`raw pooled nodemailer + DKIM ${dkimType} (msg/s)`, spread(rate("rawSigned")));
  line(`shop${variant.label} (msg/s, target ≥ 1000)`, spread(rate("shop")));
  // Signed, the issue asks for ≥ 85% of raw nodemailer unsigned (issue 18); unsigned, for as fast (issue 19).
  const target = variant.label ? "≥ 85%" : "≥ 100%";
  line(`ratio shop${variant.label} / raw unsigned (target ${target})`, spread(ratio("shop", "raw"), pct));
  if (runs.rawSigned) line("ratio shop signed / raw signed (like for like)", spread(ratio("shop", "rawSigned"), pct));
  line("CPU ms/message: shop server, every thread", cpu("shop", "shop"));
  line("CPU ms/message: shop server, main thread only", cpu("shop", "shopMain"));
  if (runs.shop[0].cpu.database > 0 || title.includes("PostgreSQL"))
    line("CPU ms/message: its PostgreSQL backends", cpu("shop", "database"));
  line("CPU ms/message: raw nodemailer process", cpu("raw", "raw"));
  if (runs.rawSigned) line(`CPU ms/message: raw nodemailer process + DKIM ${dkimType}`, cpu("rawSigned", "raw"));
  // Across machines CPU per message compares better than msg/s: the sending side, database included.
  const sending = (run) => run.cpu.shop + run.cpu.database;
  line(
    "CPU per message, raw / shop + database (≥ 100%: shop cheaper)",
    spread(
      runs.raw.map((run, i) => run.cpu.raw / sending(runs.shop[i])),
      pct,
    ),
  );
  if (runs.rawSigned)
    line(
      "CPU per message, raw signed / shop signed + database",
      spread(
        runs.rawSigned.map((run, i) => run.cpu.raw / sending(runs.shop[i])),
        pct,
      ),
    );
  line("CPU ms/message: sink, receiving the shop's", cpu("shop", "sink"));
  line("CPU ms/message: sink, receiving raw's", cpu("raw", "sink"));
  const busy = Object.values(runs)
    .flat()
    .map((run) => run.busy);
  // A small campaign is mostly this: the time to start sending and to notice the end.
  const timing = (name, key) =>
    spread(
      runs[name].map((run) => fixedCost(run.timeline)[key]),
      (value) => value.toFixed(0),
    );
  line("shop: Send now answered after (ms)", timing("shop", "answer"));
  line("shop: then first message at the sink after (ms)", timing("shop", "toFirst"));
  line("shop: msg/s from Send now answered to the last message", timing("shop", "rateFromAnswer"));
  line("fixed cost per campaign: time − count / rate first→last (ms): shop", timing("shop", "fixed"));
  line("fixed cost: raw nodemailer (ms)", timing("raw", "fixed"));
  line("machine busy during the sends (200% = both cores)", spread(busy, pct));
  // Near 100%, the main thread is what the shop waits on; well below, it waits on something else.
  line(
    "shop's main thread busy during its sends (100% = one core)",
    spread(
      runs.shop.map((run) => run.mainBusy),
      pct,
    ),
  );
  const sizes = `shop ${bytes("shop")} B${hasDkim(runs.shop[0].first) ? " signed" : ""}, raw ${bytes("raw")} B`;
  line("first message as received", runs.rawSigned ? `${sizes}, raw signed ${bytes("rawSigned")} B` : sizes);
}

const sides = {};
const databaseSetups = [];
if (databases.includes("pglite")) databaseSetups.push({ name: "PGlite", inFlight: inFlightOn.pglite });
if (databases.includes("postgres"))
  databaseSetups.push({ name: "PostgreSQL", postgres: true, inFlight: inFlightOn.postgres });

try {
  for (const setup of databaseSetups) {
    for (const variant of variants) {
      const title = `campaign on ${setup.name}${variant.label}`;
      // A fresh PostgreSQL database for each variant, so each import and campaign start from the same state.
      let database;
      if (setup.postgres) {
        try {
          database = await createDatabase(postgresUrl, "shop_bench_send");
        } catch {
          console.log(`${title}: skipped (no PostgreSQL server at BENCH_DATABASE_URL)`);
          break;
        }
      }
      let shop;
      try {
        const env = { ...variant.env, ...(database ? { DATABASE_URL: database.url } : {}) };
        const ready = await shopWithAudience(env, database?.name);
        shop = ready.shop;
        sides.shop = async (round) => {
          const result = await ready.side(round);
          // The raw side copies the shop's first unsigned message as the sink received it.
          if (!captured && !variant.env.DKIM_PRIVATE_KEY) captured = result.first;
          if (variant.env.DKIM_PRIVATE_KEY && !hasDkim(result.first)) throw new Error("the shop did not sign");
          return result;
        };
        if (!captured && variant.env.DKIM_PRIVATE_KEY) throw new Error("no unsigned message captured to copy");
        sides.raw = rawSide(undefined, setup.inFlight);
        if (variant.rawDkim) sides.rawSigned = rawSide(variant.rawDkim, setup.inFlight);
        else delete sides.rawSigned;
        const runs = await alternate(sides, rounds);
        if (runs.rawSigned && !hasDkim(runs.rawSigned[0].first)) throw new Error("raw nodemailer did not sign");
        report(title, runs, variant);
      } finally {
        await shop?.stop();
        await database?.drop();
      }
    }
  }
  if (variants.length > 1 && !variants[1].rawDkim)
    console.log("(no raw signed baseline for ed25519: nodemailer's dkim option signs with RSA only)");
  console.log(
    `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(", ")} at the end`,
  );
} finally {
  sink.stop();
  raw.stop();
}
