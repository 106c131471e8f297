// npm run bench:erasure — the GDPR erasure (DELETE /api/newsletter/subscribers/:id/erase) on a shop with a
// large history, on PGlite and on PostgreSQL: BENCH_ERASURES different subscribers erased one after the
// other over HTTP, each timed, with the server's CPU per erasure (and, on PostgreSQL, its backends').
// Meanwhile a storefront request (BENCH_PROBE, GET /api/products) is sent every 50 ms whatever the
// earlier ones are doing, and its wait recorded: on PGlite every statement runs on the server's main
// thread, so an erasure that scans whole tables holds the whole shop. Afterwards the database is asked
// whether any row still names an erased person (activity log, campaign recipients, delivery events,
// subscribers): the run fails if one does.
// The history is written straight into the database with generate_series, not over HTTP: on PGlite
// into the data dir of a shop that was started once (migrations, sample data) and stopped, then the
// shop starts again on it; on PostgreSQL through `pg` while the shop runs. 100,000 subscribers
// pN@example.com (BENCH_SUBSCRIBERS), BENCH_RECIPIENTS (1,000,000) campaign recipients cycling over
// them (a sent campaign per 100,000: a campaign has each subscriber once), BENCH_LOGS (300,000)
// activity-log entries naming a subscriber's address and id, BENCH_EVENTS (100,000) delivery events. Quick check: BENCH_RECIPIENTS=100000 BENCH_LOGS=30000.
// BENCH_DB=pglite|postgres runs one database only; BENCH_DATABASE_URL; SHOP_MAIN runs another build
// (e.g. SHOP_MAIN=apps/api/.scratch/base/main.js for the figures before a change).
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { cpuSeconds, createDatabase, formatMs, machineSnapshot, startShop, summarise } from "./lib.mjs";

const require = createRequire(new URL("../apps/api/package.json", import.meta.url));
const pg = require("pg");

const sizes = {
  subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? 100_000),
  recipients: Number(process.env.BENCH_RECIPIENTS ?? 1_000_000),
  logs: Number(process.env.BENCH_LOGS ?? 300_000),
  events: Number(process.env.BENCH_EVENTS ?? 100_000),
};
const erasures = Number(process.env.BENCH_ERASURES ?? 5);
const probePath = process.env.BENCH_PROBE ?? "/api/products";
const probeEveryMs = 50;
/** Probes before the first erasure, for the shop's wait when nothing holds it. */
const idleMs = 2_000;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databases = process.env.BENCH_DB ? [process.env.BENCH_DB] : ["pglite", "postgres"];
/** Sent campaigns in the history: each went to every subscriber once (one row per campaign and subscriber). */
const campaigns = Math.ceil(sizes.recipients / sizes.subscribers);
const campaignIdSql = (c) => `('00000000-0000-4000-8000-' || lpad(to_hex(${c}), 12, '0'))::uuid`;

/** Subscriber k's id, the same in SQL and here: an md5 shaped as a version-4 UUID (the API checks). */
const idSql = (k) => `overlay(overlay(md5('bench-subscriber-' || ${k}) placing '4' from 13) placing '8' from 17)::uuid`;
function idOf(k) {
  const h = createHash("md5").update(`bench-subscriber-${k}`).digest("hex");
  const v4 = `${h.slice(0, 12)}4${h.slice(13, 16)}8${h.slice(17)}`;
  return `${v4.slice(0, 8)}-${v4.slice(8, 12)}-${v4.slice(12, 16)}-${v4.slice(16, 20)}-${v4.slice(20)}`;
}
const emailOf = (k) => `p${k}@example.com`;
/** Row g of a table names subscriber k, cycling over the audience. */
const cycle = (count) => `(select g, (g - 1) % ${sizes.subscribers} + 1 as k from generate_series(1, ${count}) g) s`;

const seedStatements = [
  [
    "subscribers",
    `insert into subscribers (id, email, name, status, source, consent_at, subscribed_at, created_at, updated_at)
      select ${idSql("g")}, 'p' || g || '@example.com', 'P ' || g, 'subscribed', 'import', now(), now(),
        now() - g * interval '1 second', now()
      from generate_series(1, ${sizes.subscribers}) g
      on conflict do nothing`,
  ],
  [
    "campaigns",
    `insert into campaigns (id, subject, html, audience, status, started_at, sent_at, recipient_count)
      select ${campaignIdSql("c")}, 'Bench history ' || c, '<p>History</p>', '{"type":"all"}'::jsonb, 'sent',
        now() - c * interval '1 week', now() - c * interval '1 week',
        least(${sizes.subscribers}, ${sizes.recipients} - (c - 1) * ${sizes.subscribers})
      from generate_series(1, ${campaigns}) c`,
  ],
  [
    "campaign_recipients",
    `insert into campaign_recipients (id, campaign_id, subscriber_id, email, status, attempts, sent_at)
      select gen_random_uuid(), ${campaignIdSql(`(g - 1) / ${sizes.subscribers} + 1`)}, ${idSql("k")},
        'p' || k || '@example.com', 'sent', 1, now()
      from ${cycle(sizes.recipients)}`,
  ],
  [
    "activity_logs",
    `insert into activity_logs (id, action, module, status, description, user_id, ip_address, details, created_at)
      select gen_random_uuid(), 'Update subscriber', 'newsletter', 'success', 'Updated subscriber p' || k || '@example.com',
        (select id from users where email = 'admin@example.com'), '127.0.0.1',
        jsonb_build_object('subscriber', jsonb_build_object('id', ${idSql("k")}, 'email', 'p' || k || '@example.com')),
        now() - g * interval '1 second'
      from ${cycle(sizes.logs)}`,
  ],
  [
    "delivery_events",
    `insert into delivery_events (id, campaign_id, subscriber_id, email, kind, reason, source, created_at)
      select gen_random_uuid(), ${campaignIdSql(1)}, ${idSql("k")}, 'p' || k || '@example.com', 'soft',
        '452 4.2.2 <p' || k || '@example.com>: mailbox full', 'dsn', now() - g * interval '1 second'
      from ${cycle(sizes.events)}`,
  ],
];

/** Writes the history with `query(sql)` (resolving to { affectedRows } or { rowCount }); prints each step. */
async function seed(label, query) {
  const started = performance.now();
  for (const [table, statement] of seedStatements) {
    const stepStarted = performance.now();
    const result = await query(statement);
    const rows = result.affectedRows ?? result.rowCount;
    console.log(`${label.padEnd(11)} seed ${table.padEnd(20)} ${String(rows).padStart(8)} rows ${ms(stepStarted)} ms`);
  }
  const analyzeStarted = performance.now();
  await query("vacuum analyze");
  console.log(`${label.padEnd(11)} seed vacuum analyze ${"".padStart(23)} ${ms(analyzeStarted)} ms`);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label.padEnd(11)} seeded in ${seconds.toFixed(1)} s`);
  return seconds;
}

const ms = (since) => String(Math.round(performance.now() - since)).padStart(7);

/** Subscribers named in every table (recipients, log, events), spread over that range. */
function erasureTargets() {
  const named = Math.min(sizes.subscribers, sizes.recipients, sizes.logs, sizes.events);
  if (named < erasures) throw new Error(`only ${named} subscribers are named in every table`);
  return Array.from({ length: erasures }, (_, i) => {
    const k = Math.floor(((i + 0.5) * named) / erasures) + 1;
    return { k, id: idOf(k), email: emailOf(k) };
  });
}

/** Rows that still name one of `targets` (address anywhere in a log entry, id or address elsewhere). */
async function leftovers(query, targets) {
  const patterns = targets.flatMap(({ id, email }) => [`%${email}%`, `%${id}%`]);
  const emails = targets.map(({ email }) => email);
  const ids = targets.map(({ id }) => id);
  const result = await query(
    `select
      (select count(*) from activity_logs where description ilike any($1::text[]) or details::text ilike any($1::text[]))::int as activity_logs,
      (select count(*) from campaign_recipients where lower(email) = any($2::text[]) or subscriber_id = any($3::uuid[]))::int as campaign_recipients,
      (select count(*) from delivery_events where lower(email) = any($2::text[]) or subscriber_id = any($3::uuid[]))::int as delivery_events,
      (select count(*) from subscribers where id = any($3::uuid[]))::int as subscribers`,
    [patterns, emails, ids],
  );
  return result.rows[0];
}

async function signIn(shop) {
  const login = await fetch(`${shop.url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "bench-password" }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return { authorization: `Bearer ${(await login.json()).data.token}` };
}

/** A storefront request every 50 ms, each sent on time whether or not the earlier ones have answered. */
function startProbes(url) {
  const answers = [];
  const pending = new Set();
  const timer = setInterval(() => {
    const started = performance.now();
    const request = fetch(url)
      .then(async (response) => {
        await response.arrayBuffer();
        return response.ok;
      })
      .catch(() => false)
      .then((ok) => answers.push({ started, ms: performance.now() - started, ok }));
    pending.add(request);
    request.finally(() => pending.delete(request));
  }, probeEveryMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return answers;
    },
  };
}

/** Erases `targets` one after the other while the probes run; the shop is left running. */
async function measureErasures(label, shop, targets, backends) {
  const auth = await signIn(shop);
  const probe = await fetch(`${shop.url}${probePath}`);
  if (!probe.ok) throw new Error(`${probePath}: ${probe.status}`);
  const probes = startProbes(`${shop.url}${probePath}`);
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const times = [];
  const serverCpu = [];
  const databaseCpu = [];
  const windowStart = performance.now();
  for (const { id } of targets) {
    const before = await machineSnapshot({ pid: shop.pid, match: backends });
    const cpuBefore = cpuSeconds(shop.pid);
    const started = performance.now();
    const response = await fetch(`${shop.url}/api/newsletter/subscribers/${id}/erase`, {
      method: "DELETE",
      headers: auth,
    });
    const body = await response.text();
    times.push(performance.now() - started);
    serverCpu.push((cpuSeconds(shop.pid) - cpuBefore) * 1000);
    const after = await machineSnapshot({ pid: shop.pid, match: backends });
    databaseCpu.push((after.matched - before.matched) * 1000);
    if (!response.ok) throw new Error(`erase ${id}: ${response.status} ${body}`);
  }
  const windowEnd = performance.now();
  const answers = await probes.stop();
  const idle = answers.filter((a) => a.started < windowStart);
  const during = answers.filter((a) => a.started >= windowStart && a.started <= windowEnd);
  const e = summarise(times);
  const sum = (list) => list.reduce((total, value) => total + value, 0);
  console.log(
    `${label.padEnd(11)} erasure p50 ${formatMs(e.p50)} ms, max ${formatMs(e.max)} ms (${times.map(formatMs).join(", ")});` +
      ` server CPU ${formatMs(sum(serverCpu) / times.length)} ms/erasure` +
      (backends ? `, PostgreSQL backends ${formatMs(sum(databaseCpu) / times.length)} ms/erasure` : ""),
  );
  for (const [name, list] of [
    ["idle", idle],
    ["during erasures", during],
  ]) {
    const s = summarise(list.map((a) => a.ms));
    const failed = list.filter((a) => !a.ok).length;
    console.log(
      `${label.padEnd(11)} GET ${probePath} every ${probeEveryMs} ms, ${name.padEnd(15)}: ${s.count} requests, wait p50 ${formatMs(s.p50)} ms, p99 ${formatMs(s.p99)} ms, max ${formatMs(s.max)} ms${failed ? `, ${failed} failed` : ""}`,
    );
  }
}

/** Leftovers of the erased, and the same count for one subscriber left alone (must find them: the check sees). */
async function check(label, query, targets) {
  const left = await leftovers(query, targets);
  const k = targets[0].k + 1;
  const control = await leftovers(query, [{ k, id: idOf(k), email: emailOf(k) }]);
  const blind = Object.entries(control).filter(([, count]) => count === 0);
  if (blind.length) {
    console.log(
      `${label.padEnd(11)} the check finds nothing for ${emailOf(k)}, never erased, in ${blind.map(([t]) => t).join(", ")}`,
    );
    process.exitCode = 1;
  }
  const remaining = Object.entries(left).filter(([, count]) => count > 0);
  console.log(
    `${label.padEnd(11)} rows still naming an erased subscriber: ${Object.entries(left)
      .map(([table, count]) => `${table} ${count}`)
      .join(", ")}${remaining.length ? "  <-- NOT ERASED" : ""}`,
  );
  if (remaining.length) process.exitCode = 1;
}

const openPglite = (dataDir) =>
  PGlite.create({ dataDir, extensions: { pg_trgm }, postgresqlconf: "shared_buffers = 32MB\n" });

console.log(
  `history: ${sizes.subscribers} subscribers, ${sizes.recipients} campaign recipients, ${sizes.logs} activity-log entries, ${sizes.events} delivery events; ${erasures} erasures one after the other${process.env.SHOP_MAIN ? `; SHOP_MAIN=${process.env.SHOP_MAIN}` : ""}`,
);
const targets = erasureTargets();
if (databases.includes("pglite")) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-erasure-"));
  try {
    // First start: migrations and sample data (the admin too); the shop owns the data dir while it runs.
    await (await startShop({ DATA_DIR: dataDir })).stop();
    let db = await openPglite(path.join(dataDir, "pglite"));
    try {
      await seed("PGlite", (statement) => db.query(statement));
    } finally {
      await db.close();
    }
    const started = performance.now();
    const shop = await startShop({ DATA_DIR: dataDir });
    console.log(`PGlite      shop started on the history in ${ms(started).trim()} ms`);
    try {
      await measureErasures("PGlite", shop, targets);
    } finally {
      await shop.stop();
    }
    db = await openPglite(path.join(dataDir, "pglite"));
    try {
      await check("PGlite", (statement, params) => db.query(statement, params), targets);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (databases.includes("postgres")) {
  const database = await createDatabase(postgresUrl, "shop_bench_erasure").catch((error) => {
    console.log(`PostgreSQL: skipped (${error.message})`);
  });
  if (database) {
    try {
      const shop = await startShop({ DATABASE_URL: database.url });
      try {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          await seed("PostgreSQL", (statement) => client.query(statement));
          await measureErasures("PostgreSQL", shop, targets, database.name);
          await check("PostgreSQL", (statement, params) => client.query(statement, params), targets);
        } finally {
          await client.end();
        }
      } finally {
        await shop.stop();
      }
    } finally {
      await database.drop();
    }
  }
}
