// npm run bench — the storefront's cached product list against two bare Fastify processes: one sending
// the very bytes and headers the shop answers, already serialised (the headline: what the shop's own
// request path costs), and one serialising the same JSON on every request (the old baseline). Then the
// uncached list on PostgreSQL. The sides alternate for BENCH_ROUNDS rounds (at least 3); the report
// gives medians with the spread (min–max) and the server's CPU per request, which compares across
// machines better than req/s. Every server runs in its own process; autocannon runs in this one.
// BENCH_SECONDS (8) per measurement after BENCH_WARMUP (2) unmeasured seconds; BENCH_DATABASE_URL.
import {
  alternate,
  createDatabase,
  measureWithCpu,
  median,
  spread,
  startBare,
  startBarePreSerialised,
  startShop,
} from "./lib.mjs";

const path = "/api/products?page=1&limit=12";
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Headers a server writes for itself on every answer: the bare server must not be handed them. */
const ownHeaders = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

function line(label, value) {
  console.log(`${label.padEnd(64)} ${value}`);
}

const ms = (value) => value.toFixed(3);
const pct = (value) => `${(value * 100).toFixed(0)}%`;

const shop = await startShop();
const answer = await fetch(`${shop.url}${path}`);
const body = await answer.text();
const headers = Object.fromEntries([...answer.headers].filter(([name]) => !ownHeaders.has(name)));
const preSerialised = await startBarePreSerialised(path, body, headers);
const serialising = await startBare(JSON.parse(body));

let pg;
try {
  const database = await createDatabase(postgresUrl);
  pg = { database, shop: await startShop({ DATABASE_URL: database.url }) };
  const login = await fetch(`${pg.shop.url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "bench-password" }),
  });
  pg.token = (await login.json()).data.token;
} catch (error) {
  line("uncached on PostgreSQL", `skipped: ${error.message}`);
  await pg?.shop?.stop();
  await pg?.database.drop();
  pg = undefined;
}

try {
  const options = { seconds, warmup };
  const sides = {
    preSerialised: () => measureWithCpu(`${preSerialised.url}${path}`, { pid: preSerialised.pid, ...options }),
    serialising: () => measureWithCpu(`${serialising.url}${path}`, { pid: serialising.pid, ...options }),
    shop: () => measureWithCpu(`${shop.url}${path}`, { pid: shop.pid, ...options }),
  };
  if (pg) {
    // Staff asking for every status bypass the public cache: each request queries the page and its total.
    sides.uncached = () =>
      measureWithCpu(`${pg.shop.url}${path}&status=all`, {
        pid: pg.shop.pid,
        match: pg.database.name,
        headers: { authorization: `Bearer ${pg.token}` },
        ...options,
      });
  }
  const runs = await alternate(sides, rounds);
  const rps = (name) => runs[name].map((run) => run.rps);
  /** Each round's ratio (the sides of one round shared the same outside load), then their median. */
  const ratios = (name, baseline) => runs[name].map((run, i) => run.rps / runs[baseline][i].rps);

  console.log(`${runs.shop.length} rounds of ${seconds} s each side; medians (min–max)`);
  line("bare Fastify, pre-serialised body + shop headers (req/s)", spread(rps("preSerialised")));
  line("bare Fastify, serialising the same JSON (req/s)", spread(rps("serialising")));
  line("GET /api/products page 1, PGlite, warm cache (req/s)", spread(rps("shop")));
  line("ratio shop / bare pre-serialised (headline, target ≥ 90%)", spread(ratios("shop", "preSerialised"), pct));
  line("ratio shop / bare serialising", spread(ratios("shop", "serialising"), pct));
  const cpu = (name, field = "serverCpuMs") =>
    spread(
      runs[name].map((run) => run[field]),
      ms,
    );
  line("server CPU per request (ms): bare pre-serialised", cpu("preSerialised"));
  line("server CPU per request (ms): bare serialising", cpu("serialising"));
  line("server CPU per request (ms): shop, warm cache", cpu("shop"));
  const extra = median(runs.shop.map((r) => r.serverCpuMs)) - median(runs.preSerialised.map((r) => r.serverCpuMs));
  line("shop's own request path beyond the bare send (ms CPU/request)", ms(extra));
  // With one load generator on a busy machine req/s can hit its ceiling: CPU per request does not.
  const cpuRatios = runs.preSerialised.map((run, i) => run.serverCpuMs / runs.shop[i].serverCpuMs);
  line("CPU per request, bare pre-serialised / shop (≥ 90% = target met)", spread(cpuRatios, pct));
  if (pg) {
    line("GET /api/products page 1 + total, PostgreSQL, uncached (req/s)", spread(rps("uncached")));
    line("ratio uncached PostgreSQL / bare serialising (target ≥ 15%)", spread(ratios("uncached", "serialising"), pct));
    line("ratio uncached PostgreSQL / bare pre-serialised", spread(ratios("uncached", "preSerialised"), pct));
    line("CPU per request (ms): shop server, uncached", cpu("uncached"));
    line("CPU per request (ms): its PostgreSQL backends", cpu("uncached", "databaseCpuMs"));
  }
} finally {
  await preSerialised.stop();
  await serialising.stop();
  await shop.stop();
  if (pg) {
    await pg.shop.stop();
    await pg.database.drop();
  }
}
