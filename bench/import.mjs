// npm run bench:import — 100k-row CSV (10% duplicates, 1% invalid) imported with a tag, end to end
// over HTTP, on PGlite and on PostgreSQL, against a raw COPY of the same emails into a bare table
// in the same run. Prints seconds and ratios.
import { execSync } from "node:child_process";
import { PGlite } from "@electric-sql/pglite";
import { startShop } from "./lib.mjs";

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function makeCsv(count) {
  const lines = ["email,name"];
  for (let i = 0; i < count; i += 1) {
    if (i % 100 === 99) lines.push(`not-an-email-${i},Broken`);
    else if (i % 10 === 9) lines.push(`person${i - 5}@example.com,Again`);
    else lines.push(`person${i}@example.com,Person ${i}`);
  }
  return `${lines.join("\n")}\n`;
}

async function importOver(shop, csv) {
  const login = await fetch(`${shop.url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "bench-password" }),
  });
  const token = (await login.json()).data.token;
  const auth = { authorization: `Bearer ${token}` };
  const tag = await fetch(`${shop.url}/api/newsletter-tags/tags`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: `Bench ${Date.now()}` }),
  });
  const tagId = (await tag.json()).data._id;
  const form = new FormData();
  form.append("tagIds", tagId);
  form.append("file", new Blob([csv], { type: "text/csv" }), "bench.csv");
  const started = performance.now();
  const response = await fetch(`${shop.url}/api/csv/import-csv`, { method: "POST", headers: auth, body: form });
  const seconds = (performance.now() - started) / 1000;
  const body = await response.json();
  if (!response.ok) throw new Error(body.message);
  return { seconds, ...body.data };
}

function uniqueEmails(csv) {
  const emails = new Set();
  for (const line of csv.split("\n").slice(1)) {
    const email = line.split(",")[0];
    if (email?.includes("@")) emails.add(email);
  }
  return [...emails].join("\n");
}

async function copyPglite(emails) {
  const db = await PGlite.create();
  await db.exec("create table bare (email text)");
  const started = performance.now();
  await db.query("copy bare from '/dev/blob'", [], { blob: new Blob([emails]) });
  const seconds = (performance.now() - started) / 1000;
  await db.close();
  return seconds;
}

function copyPostgres(url, emails) {
  execSync(`psql "${url}" -qc "create table bare (email text)"`);
  const started = performance.now();
  execSync(`psql "${url}" -qc "\\copy bare from stdin"`, { input: emails });
  return (performance.now() - started) / 1000;
}

const csv = makeCsv(rows);
const emails = uniqueEmails(csv);
console.log(`${rows} rows, ${(csv.length / 1e6).toFixed(1)} MB, ${emails.split("\n").length} distinct valid emails`);

const pgliteShop = await startShop();
try {
  const result = await importOver(pgliteShop, csv);
  const copy = await copyPglite(emails);
  console.log(
    `PGlite:     import ${result.seconds.toFixed(2)} s (target ≤ 3 s) — imported ${result.importedCount}, skipped ${result.skippedCount}; raw COPY ${copy.toFixed(2)} s; ratio ${(result.seconds / copy).toFixed(1)}× (target ≤ 2.5×)`,
  );
} finally {
  await pgliteShop.stop();
}

let dbName;
try {
  execSync(`psql "${postgresUrl}" -Atc "select 1"`, { stdio: "ignore" });
  dbName = `shop_bench_import_${Date.now()}`;
  execSync(`psql "${postgresUrl}" -qc "create database ${dbName}"`);
} catch {
  console.log("PostgreSQL: skipped (no server at BENCH_DATABASE_URL)");
}
if (dbName) {
  const url = new URL(postgresUrl);
  url.pathname = `/${dbName}`;
  const shop = await startShop({ DATABASE_URL: url.toString() });
  try {
    const result = await importOver(shop, csv);
    const copy = copyPostgres(url.toString(), emails);
    console.log(
      `PostgreSQL: import ${result.seconds.toFixed(2)} s (target ≤ 1.5 s) — imported ${result.importedCount}, skipped ${result.skippedCount}; raw COPY ${copy.toFixed(2)} s; ratio ${(result.seconds / copy).toFixed(1)}× (target ≤ 2.5×)`,
    );
  } finally {
    await shop.stop();
    execSync(`psql "${postgresUrl}" -qc "drop database if exists ${dbName} with (force)"`);
  }
}
