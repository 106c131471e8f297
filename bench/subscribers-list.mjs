// node bench/subscribers-list.mjs — the admin subscriber list at 100,000 people: page 1 and the last page
// (20 a page, newest first, as the admin asks), unfiltered and filtered by status, on PGlite and on
// PostgreSQL. The audience is loaded by the CSV import over HTTP, then each page is asked for one request
// at a time (so the time is the server's plus loopback) for BENCH_REQUESTS requests after a few unmeasured
// ones, the pages alternating; prints p50 and p90 in ms, the server's CPU per request, and the total the
// server gave (estimated or exact). BENCH_ROWS (100,000), BENCH_DB=pglite|postgres, BENCH_DATABASE_URL.
import { cpuSeconds, createDatabase, formatMs, startShop, summarise } from "./lib.mjs";

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 60);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databases = process.env.BENCH_DB ? [process.env.BENCH_DB] : ["pglite", "postgres"];
const limit = 20;

function makeCsv(count) {
  const lines = ["email,name"];
  for (let i = 0; i < count; i += 1) lines.push(`reader${i}@example.com,Reader ${i}`);
  return `${lines.join("\n")}\n`;
}

async function signIn(shop) {
  const login = await fetch(`${shop.url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "bench-password" }),
  });
  return { authorization: `Bearer ${(await login.json()).data.token}` };
}

async function load(shop, auth) {
  const tag = await fetch(`${shop.url}/api/newsletter-tags/tags`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "Readers" }),
  });
  const form = new FormData();
  form.append("tagIds", (await tag.json()).data._id);
  form.append("file", new Blob([makeCsv(rows)], { type: "text/csv" }), "bench.csv");
  const response = await fetch(`${shop.url}/api/csv/import-csv`, { method: "POST", headers: auth, body: form });
  if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
}

async function list(shop, auth, query) {
  const response = await fetch(`${shop.url}/api/newsletter/get-all-subscriber?limit=${limit}&${query}`, {
    headers: auth,
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`list: ${response.status} ${body.message}`);
  return body.data;
}

async function measureLists(label, shop) {
  const auth = await signIn(shop);
  await load(shop, auth);
  for (const [filterLabel, filter] of [
    ["unfiltered", ""],
    ["status=subscribed", "&status=subscribed"],
  ]) {
    const first = await list(shop, auth, `page=1${filter}`);
    const { totalPages } = first.pagination;
    const pages = { "page 1": `page=1${filter}`, [`last page (${totalPages})`]: `page=${totalPages}${filter}` };
    const samples = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
    /** The last answer's total: the first may be counted while the database measures the audience. */
    let totals = first.pagination;
    const cpu = Object.fromEntries(Object.keys(pages).map((name) => [name, 0]));
    for (let i = 0; i < requests + 5; i += 1) {
      for (const [name, query] of Object.entries(pages)) {
        const cpuBefore = cpuSeconds(shop.pid);
        const started = performance.now();
        const data = await list(shop, auth, query);
        const ms = performance.now() - started;
        if (data.subscribers.length === 0) throw new Error(`${name}: no rows`);
        totals = data.pagination;
        if (i >= 5) {
          samples[name].push(ms);
          cpu[name] += cpuSeconds(shop.pid) - cpuBefore;
        }
      }
    }
    const { totalSubscribers, totalIsEstimate } = totals;
    for (const name of Object.keys(pages)) {
      const s = summarise(samples[name]);
      console.log(
        `${label.padEnd(11)} ${filterLabel.padEnd(18)} ${name.padEnd(18)} p50 ${formatMs(s.p50).padStart(5)} ms, p90 ${formatMs(s.p90).padStart(5)} ms; server CPU ${formatMs((cpu[name] * 1000) / requests)} ms/request; total ${totalSubscribers}${totalIsEstimate ? " (estimate)" : totalIsEstimate === false ? " (exact)" : ""}`,
      );
    }
  }
}

console.log(`${rows} subscribers; ${requests} requests a page, one at a time (time = server + loopback)`);
if (databases.includes("pglite")) {
  const shop = await startShop({ IMPORT_BULK_MAX_ROWS: String(Math.max(200_000, rows * 2)) });
  try {
    await measureLists("PGlite", shop);
  } finally {
    await shop.stop();
  }
}
if (databases.includes("postgres")) {
  const database = await createDatabase(postgresUrl, "shop_bench_list").catch((error) => {
    console.log(`PostgreSQL: skipped (${error.message})`);
  });
  if (database) {
    try {
      const shop = await startShop({
        DATABASE_URL: database.url,
        IMPORT_BULK_MAX_ROWS: String(Math.max(200_000, rows * 2)),
      });
      try {
        await measureLists("PostgreSQL", shop);
      } finally {
        await shop.stop();
      }
    } finally {
      await database.drop();
    }
  }
}
