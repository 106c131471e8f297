// npm run bench:load — issue 8's load test: the built server on a fresh PostgreSQL database under a mixed
// workload (90% storefront reads, 9% enquiries and sign-ups, 1% admin writes) at 100 connections for 60 s.
// Passes with zero errors, p99 ≤ 100 ms and no stale cached answer afterwards.
// Env: LOAD_SECONDS, LOAD_CONNECTIONS, LOAD_WARMUP_SECONDS (not counted), LOAD_MIX ("90/9/1": reads /
// enquiries / admin writes, to see which class costs what), LOAD_REPORT_ONLY=1 (always exit 0),
// LOAD_LATENCY_GATE=off (fail on errors and stale answers only: CI on a shared machine),
// BENCH_DATABASE_URL / TEST_DATABASE_URL; server variables (DATABASE_POOL_SIZE, LOG_LEVEL...) pass through.
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import {
  answerStats,
  createDatabase,
  describeNoise,
  formatMs,
  freePort,
  latencyRow,
  machineSnapshot,
  pick,
  psql,
  spawnShop,
  staleCachedAnswers,
  summarise,
  weighted,
} from "./lib.mjs";

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 100);
const warmupSeconds = Number(process.env.LOAD_WARMUP_SECONDS ?? 5);
const reportOnly = process.env.LOAD_REPORT_ONLY === "1";
const latencyGate = process.env.LOAD_LATENCY_GATE !== "off";
const [readShare, enquiryShare] = (process.env.LOAD_MIX ?? "90/9/1").split("/").map(Number);
const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const target = 100;
const admin = { email: "load-admin@example.com", password: "load-bench-password" };
const runId = Date.now().toString(36);

// ---- clean-up, also on Ctrl-C: the server stops and the database is dropped, once ----
let database;
let shop;
let running;
let interrupted = false;
const cleanup = async () => {
  await shop?.stop().catch((error) => console.error(`stopping the server: ${error.message}`));
  await database?.drop().catch((error) => console.error(`dropping ${database.name}: ${error.message}`));
};
/** Between steps: give up once interrupted, the `finally` below cleans up. */
const check = () => {
  if (interrupted) throw new Error("interrupted");
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  // Ends whatever the main flow waits for (the run, the start-up); its `finally` does the rest.
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and dropping the database`);
    interrupted = true;
    running?.stop();
    void shop?.stop();
  });
}

// ---- the workload: every request is drawn at random, so the classes interleave on each connection ----
// The shop's own links are most of the list traffic; the rest is a long tail of filters and searches.
const popularLists = (categories) => [
  "",
  "?page=1&limit=12",
  "?sortBy=price&sortOrder=asc",
  ...categories.map((c) => `?category=${c}`),
];
const words = ["smart", "lock", "sensor", "switch", "door", "air", "glass", "finger", "motion", "panel", "wifi"];

function workload({ products, categories, posts, banners }, token) {
  const popular = popularLists(categories);
  const etags = new Map();
  const tagIds = [];
  let visitors = 0;
  let edits = 0;
  // Browsers revalidate what they have seen: a quarter of repeat API reads carry If-None-Match (→ 304).
  const get = (label, path) => {
    const etag = etags.get(path);
    const headers = etag && Math.random() < 0.25 ? { "if-none-match": etag } : {};
    return { cls: "read", label, method: "GET", path, headers, keepEtag: true };
  };
  // As a browser asks for a page: it takes brotli or gzip.
  const page = (label, path) => ({
    cls: "read",
    label,
    method: "GET",
    path,
    headers: { accept: "text/html", "accept-encoding": "br, gzip" },
  });
  const send = (cls, method, path, body, headers, label = `${method} ${path}`) => {
    const json = { "content-type": "application/json" };
    return { cls, label, method, path, headers: { ...json, ...headers }, body: JSON.stringify(body) };
  };
  const listQuery = () => {
    if (Math.random() < 0.5) return pick(popular);
    const q = new URLSearchParams({ page: pick(["1", "1", "1", "2"]), limit: pick(["12", "12", "24"]) });
    q.set("sortBy", pick(["createdAt", "price", "name", "rating"]));
    q.set("sortOrder", pick(["asc", "desc"]));
    if (Math.random() < 0.5) q.set("category", pick(categories));
    if (Math.random() < 0.3) q.set("search", pick(words));
    if (Math.random() < 0.15) q.set("compatibility", pick(["alexa", "google", "homekit"]));
    if (Math.random() < 0.1) q.set("inStock", "true");
    if (Math.random() < 0.1) q.set("maxPrice", pick(["100", "200", "300"]));
    return `?${q}`;
  };
  const slug = () => pick(products).slug;
  const read = weighted([
    [25, () => get("GET /api/products?…", `/api/products${listQuery()}`)],
    [15, () => get("GET /api/products/:slug", `/api/products/${slug()}`)],
    [8, () => get("GET /api/categories", "/api/categories")],
    [6, () => get("GET /api/hero-banners", "/api/hero-banners")],
    [6, () => get("GET /api/settings", "/api/settings")],
    [3, () => get("GET /api/blog/posts", "/api/blog/posts")],
    [3, () => get("GET /api/blog/posts/:slug", `/api/blog/posts/${pick(posts)}`)],
    [10, () => page("page /", "/")],
    [8, () => page("page /shop", "/shop")],
    [10, () => page("page /shop/product/:slug", `/shop/product/${slug()}`)],
    [2, () => page("page /blog[/:slug]", pick(["/blog", `/blog/${pick(posts)}`]))],
    [3, () => page("page /about etc.", pick(["/about", "/contact", "/smart-locks", "/smart-switches", "/category"]))],
  ]);

  // Enquiries and sign-ups are limited to 5 a minute per address: each comes from its own address
  // (198.18.0.0/15, the benchmarking range) with its own email, so a 429 is a real error.
  const visitor = () => {
    visitors += 1;
    const ip = `198.${18 + ((visitors >> 16) & 1)}.${(visitors >> 8) & 255}.${visitors & 255}`;
    return { headers: { "x-forwarded-for": ip }, email: `load-${runId}-${visitors}@example.com` };
  };
  const contact = () => {
    const { headers, email } = visitor();
    const body = {
      name: "Load Test Visitor",
      email,
      phone: "0123456789",
      subject: `Quote for ${pick(products).name}`,
      request: "Please send me a quote for three of these, installed.",
      messageType: pick(["productRequest", "quoteRequest", "general"]),
    };
    return send("enquiry", "POST", "/api/contacts", body, headers);
  };
  const signUp = () => {
    const { headers, email } = visitor();
    return send("enquiry", "POST", "/api/newsletter/subscriber", { email }, headers);
  };
  const enquiry = weighted([
    [5, contact],
    [4, signUp],
  ]);

  // Every successful staff write empties the public cache, so these also measure the refill.
  const auth = { authorization: `Bearer ${token}` };
  const editProduct = () => {
    const p = pick(products);
    const body = { price: Math.round(p.price * (90 + Math.random() * 20)) / 100, isNew: Math.random() < 0.5 };
    return send("admin", "PUT", `/api/products/${p._id}`, body, auth, "PUT /api/products/:id");
  };
  const editBanner = () => {
    const body = { subtitle: `Premium automation solutions for modern living (${++edits}).` };
    return send("admin", "PUT", `/api/hero-banners/${pick(banners)}`, body, auth, "PUT /api/hero-banners/:id");
  };
  // Audience tags: created, then edited.
  const writeTag = () => {
    edits += 1;
    if (tagIds.length > 0 && Math.random() < 0.5) {
      const path = `/api/newsletter-tags/update-tags/${pick(tagIds)}`;
      return send("admin", "PUT", path, { description: `edit ${edits}` }, auth, "PUT /api/newsletter-tags/…/:id");
    }
    return {
      ...send("admin", "POST", "/api/newsletter-tags/tags", { name: `Load ${runId} ${edits}` }, auth),
      newTag: true,
    };
  };
  const adminWrite = weighted([
    [6, editProduct],
    [2, editBanner],
    [2, writeTag],
  ]);

  return {
    next() {
      const r = Math.random() * 100;
      return r < readShare ? read() : r < readShare + enquiryShare ? enquiry() : adminWrite();
    },
    /** What an answer teaches the next requests: ETags to revalidate, tags to edit. */
    learn(spec, status, body, headers) {
      if (spec.keepEtag && status === 200 && headers.etag) etags.set(spec.path, headers.etag);
      if (spec.newTag && status === 201) tagIds.push(JSON.parse(body).data._id);
    },
  };
}

// ---- measurement: autocannon drives the connections, every answer lands in the stats ----
function run(url, work, duration, stats) {
  running = autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        // The context belongs to the connection and is fresh for each request: it carries the spec to
        // the answer (one request in flight per connection, no pipelining).
        setupRequest(request, context) {
          const spec = work.next();
          context.spec = spec;
          return { ...request, method: spec.method, path: spec.path, headers: spec.headers, body: spec.body ?? "" };
        },
        onResponse(status, body, context, headers) {
          work.learn(context.spec, status, body, headers);
        },
      },
    ],
  });
  running.on("response", (client, status, _bytes, ms) => {
    const { spec } = client.requestIterator.context;
    stats.record(spec.cls, spec.label, status, ms);
  });
  return running;
}

// ---- report ----
function report(stats, result, wall, use, transactions, loads) {
  const errors = [...stats.byClass.values()].reduce((sum, e) => sum + e.errors, 0) + result.errors;
  console.log(`\n${latencyRow()}\n${latencyRow("all", stats.all, errors, wall)}`);
  for (const cls of ["read", "enquiry", "admin"]) {
    const entry = stats.byClass.get(cls) ?? { samples: [], errors: 0 };
    const share = ((entry.samples.length / stats.all.length) * 100).toFixed(1);
    console.log(latencyRow(`  ${cls} (${share}%)`, entry.samples, entry.errors, wall));
  }
  console.log("\nby route, slowest p99 first");
  const p99 = (samples) => summarise(samples).p99;
  for (const [label, e] of [...stats.byLabel].sort((a, b) => p99(b[1].samples) - p99(a[1].samples))) {
    console.log(latencyRow(`  ${label}`, e.samples, e.errors, wall));
  }
  console.log("\nanswers by class and status");
  for (const [code, n] of [...stats.statuses].sort()) console.log(`  ${code.padEnd(20)}${String(n).padStart(9)}`);
  const inFlight = result.requests.sent - result.requests.total - result.errors;
  const sockets = result.errors - result.timeouts;
  console.log(`  socket errors ${sockets}, timeouts ${result.timeouts}, in flight at the end ${inFlight}`);
  console.log(`\n${describeNoise(use, wall, { cores: cpus().length, loads })}`);
  // Unlike latency, work per answer hardly depends on what else runs: the figures to compare runs by.
  const per = (s) => ((s * 1000) / stats.all.length).toFixed(3);
  console.log(
    `work per answer: server CPU ${per(use.process)} ms, PostgreSQL CPU ${per(use.matched)} ms, ` +
      `PostgreSQL transactions ${transactions.toFixed(2)} (warm-up included)`,
  );
  return { errors, p99: p99(stats.all), total: stats.all.length };
}

// ---- main ----
try {
  database = await createDatabase(baseUrl, "shop_load");
  const port = await freePort();
  check();
  shop = spawnShop(
    {
      DATABASE_URL: database.url,
      SAMPLE_DATA: "true",
      SENDER: "off",
      // The load stands in for the proxy: it connects from 127.0.0.1 and names each visitor in X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    port,
  );
  await shop.ready;
  const login = await fetch(`${shop.url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()).data;
  const data = async (path) =>
    (await (await fetch(`${shop.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
  const catalogue = {
    products: (await data("/api/products?limit=100")).products,
    categories: (await data("/api/categories")).map((c) => c.slug),
    posts: (await data("/api/blog/posts")).map((p) => p.slug),
    banners: (await data("/api/hero-banners/all")).map((b) => b._id),
  };
  const work = workload(catalogue, token);
  console.log(
    `load: ${catalogue.products.length} products, ${catalogue.posts.length} posts, ${catalogue.banners.length} banners; ` +
      `${connections} connections, mix ${readShare}/${enquiryShare}/${100 - readShare - enquiryShare}, ` +
      `${warmupSeconds} s warm-up (not counted), then ${seconds} s measured`,
  );
  const xacts = `select xact_commit + xact_rollback from pg_stat_database where datname = '${database.name}'`;
  const xactsBefore = Number(await psql(baseUrl, xacts));
  const warmup = answerStats();
  const warmupResult = warmupSeconds > 0 ? await run(shop.url, work, warmupSeconds, warmup) : { errors: 0 };
  check();
  const stats = answerStats();
  const probe = { pid: shop.pid, match: ` ${database.name} ` };
  const before = { ...(await machineSnapshot(probe)), load: loadavg()[0] };
  const started = performance.now();
  const result = await run(shop.url, work, seconds, stats);
  const wall = (performance.now() - started) / 1000;
  check();
  const after = { ...(await machineSnapshot(probe)), load: loadavg()[0] };
  const use = Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));
  const loads = `${before.load.toFixed(1)} → ${after.load.toFixed(1)}`;
  if (result.requests.total !== stats.all.length) {
    throw new Error(`autocannon counted ${result.requests.total} answers, the report ${stats.all.length}`);
  }
  // autocannon drops its sockets at the end, not the requests the server is still working on: let
  // those finish, so stopping the server does not close the database under them. Rendered pages may lag
  // a write by up to 3 s (apps/api/src/plugins/spa.ts), so the check below waits that out too.
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  const cached = [
    ...popularLists(catalogue.categories).map((q) => `/api/products${q}`),
    ...catalogue.products.map((p) => `/api/products/${p.slug}`),
    "/api/categories",
    "/api/hero-banners",
  ];
  const consistency = await staleCachedAnswers(shop.url, token, cached, catalogue.products);
  // Backends report their counters when they exit, so count transactions once the server is gone.
  await shop.stop();
  const transactions = (Number(await psql(baseUrl, xacts)) - xactsBefore) / (warmup.all.length + stats.all.length);
  const { errors, p99, total } = report(stats, result, wall, use, transactions, loads);
  // Warm-up answers stay out of the figures, but an error there is still an error.
  const warmupErrors = [...warmup.byClass.values()].reduce((n, e) => n + e.errors, 0);
  const allErrors = errors + warmupErrors + warmupResult.errors;
  console.log(`warm-up (not in the figures): ${warmup.all.length} answers, ${allErrors - errors} errors`);
  const { checked, stale } = consistency;
  console.log(`\nconsistency after the run: ${stale.length} of ${checked} cached answers stale ${stale.join(" ")}`);
  const pass = allErrors === 0 && p99 <= target && stale.length === 0;
  console.log(
    `\nload: ${total} requests, ${allErrors} errors, p99 ${formatMs(p99)} ms (target ≤ ${target} ms): ${pass ? "PASS" : "FAIL"}`,
  );
  // CI (a shared machine) gates on correctness only: any error or stale answer fails it; the p99
  // figure is printed and judged by whoever reads it, as a timing gate there would be flaky.
  const correct = allErrors === 0 && stale.length === 0;
  if (!(latencyGate ? pass : correct) && !reportOnly) process.exitCode = 1;
} catch (error) {
  if (!interrupted) console.error(error);
  process.exitCode = interrupted ? 130 : 1;
} finally {
  await cleanup();
}
