// npm run bench — the storefront's product list against a bare Fastify route returning the same JSON,
// measured in one run on this machine and printed as ratios (absolute numbers vary with load).
import { execSync } from "node:child_process";
import { measure, startBare, startShop } from "./lib.mjs";

const path = "/api/products?page=1&limit=12";
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function line(label, value) {
  console.log(`${label.padEnd(58)} ${value}`);
}

const shop = await startShop();
const body = await (await fetch(`${shop.url}${path}`)).json();
const bare = await startBare(body);
try {
  // Alternate the two so a burst of outside load does not land on one side only.
  const bareRuns = [];
  const shopRuns = [];
  for (let round = 0; round < 2; round += 1) {
    bareRuns.push(await measure(`${bare.url}${path}`, { seconds }));
    shopRuns.push(await measure(`${shop.url}${path}`, { seconds }));
  }
  const best = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const bareBest = best(bareRuns);
  const shopBest = best(shopRuns);
  line("bare Fastify, same JSON (req/s)", Math.round(bareBest.rps));
  line("GET /api/products page 1, PGlite, warm cache (req/s)", Math.round(shopBest.rps));
  line("ratio shop / bare (target ≥ 100%)", `${((shopBest.rps / bareBest.rps) * 100).toFixed(0)}%`);

  let pg;
  try {
    execSync(`psql "${postgresUrl}" -Atc "select 1"`, { stdio: "ignore" });
    const dbName = `shop_bench_${Date.now()}`;
    execSync(`psql "${postgresUrl}" -c "create database ${dbName}"`, { stdio: "ignore" });
    const dbUrl = new URL(postgresUrl);
    dbUrl.pathname = `/${dbName}`;
    pg = { shop: await startShop({ DATABASE_URL: dbUrl.toString() }), dbName };
  } catch {
    line("uncached on PostgreSQL", "skipped: no PostgreSQL at BENCH_DATABASE_URL");
  }
  if (pg) {
    try {
      const login = await fetch(`${pg.shop.url}/api/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@example.com", password: "bench-password" }),
      });
      const { data } = await login.json();
      // Staff asking for every status bypass the public cache: each request queries the page and its total.
      const uncached = await measure(`${pg.shop.url}${path}&status=all`, {
        seconds,
        headers: { authorization: `Bearer ${data.token}` },
      });
      line("GET /api/products page 1 + total, PostgreSQL, uncached (req/s)", Math.round(uncached.rps));
      line("ratio uncached PostgreSQL / bare (target ≥ 15%)", `${((uncached.rps / bareBest.rps) * 100).toFixed(0)}%`);
    } finally {
      await pg.shop.stop();
      execSync(`psql "${postgresUrl}" -c "drop database if exists ${pg.dbName} with (force)"`, { stdio: "ignore" });
    }
  }
} finally {
  await bare.stop();
  await shop.stop();
}
