// node bench/vacuum.mjs — what PGlite's missing autovacuum costs, and what vacuuming costs it (decision 002).
// Churn (default): on a PGlite data dir, 10,000 subscribers get BENCH_CAMPAIGNS (5) campaigns sent with the
// sender's own statements (queueAudiencePart by 1,000, claimRecipients by 100, recordOutcomes by 20), first
// never vacuumed, then with VACUUM (ANALYZE) after each campaign (what the timer does once a send leaves a
// table past the threshold); after each, campaign_recipients' dead rows and sizes; then a campaign half
// sent, where the claim's pick (its query without FOR UPDATE) is timed (first run, median of 20) and its
// buffers counted, before and after a VACUUM. `--sizes 30000,100000,1000000`: how long VACUUM (ANALYZE)
// holds the main thread on campaign_recipients of that many rows, after every row was sent (two dead
// versions each), again with nothing dead, just past the threshold, after 20,000 HOT-eligible updates,
// and ANALYZE alone; and on subscribers after that many were only inserted (an import).
import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { median, root } from "./lib.mjs";

const load = (name) => tsImport(pathToFileURL(path.join(root, "apps/api/src", name)).href, import.meta.url);
// drizzle-orm is the API's dependency, not the repo root's: resolved from there.
const { sql } = await import(
  pathToFileURL(createRequire(path.join(root, "apps/api/package.json")).resolve("drizzle-orm")).href
);
const { openDatabase } = await load("db/client.ts");
const { queryRows } = await load("lib/sql.ts");
const { claimRecipients, queueAudiencePart, recordOutcomes } = await load("modules/campaigns/recipient-queue.ts");

const now = () => performance.now();
const mb = (bytes) => (Number(bytes) / 1048576).toFixed(2);
const never = 2_000_000_000; // the bench runs the statements itself, never the timers

async function open() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-vacuum-"));
  const database = await openDatabase({ kind: "pglite", dataDir, vacuumEveryMs: never, checkpointEveryMs: never });
  await database.migrate();
  const close = async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { db: database.db, dataDir, close };
}

async function timed(db, statement) {
  const start = now();
  await db.execute(statement);
  return now() - start;
}

async function churn(vacuumEach, campaigns) {
  const { db, dataDir, close } = await open();
  await db.execute(sql`insert into subscribers (id, email, status, source, subscribed_at)
    select uuid_v7(), 'q' || n || '@example.com', 'subscribed', 'admin', now() from generate_series(1, 10000) n`);
  const state = async (label) => {
    // A session reports its counts at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await db.execute(sql`select pg_stat_force_next_flush()`);
    await db.execute(sql`select 1`);
    const [s] = await queryRows(
      db,
      sql`select n_dead_tup, pg_relation_size(relid) as heap,
      pg_indexes_size(relid) as indexes from pg_stat_user_tables where relname = 'campaign_recipients'`,
    );
    const dir = Number(execSync(`du -sk ${dataDir}`).toString().split("\t")[0]) * 1024;
    console.log(
      `  ${label}: dead ${s.n_dead_tup}, heap ${mb(s.heap)} MB, indexes ${mb(s.indexes)} MB, data dir ${mb(dir)} MB`,
    );
  };
  const vacuum = async (label) =>
    console.log(
      `  ${label}: VACUUM (ANALYZE) ${(await timed(db, sql`vacuum (analyze) campaign_recipients`)).toFixed(0)} ms`,
    );
  const start = async () => {
    const [c] = await queryRows(
      db,
      sql`insert into campaigns (id, subject, html, audience, status, audience_queued)
      values (uuid_v7(), 's', '<p>x</p>', '{"type":"all"}', 'sending', false) returning id`,
    );
    while (!(await queueAudiencePart(db, c.id, { type: "all" }, 1000)).complete);
    return c.id;
  };
  const send = async (claims = Number.POSITIVE_INFINITY) => {
    for (let n = 0; n < claims; n++) {
      const claimed = await claimRecipients(db, 100, 120_000);
      if (claimed.length === 0) return;
      for (let i = 0; i < claimed.length; i += 20)
        await recordOutcomes(
          db,
          claimed.slice(i, i + 20).map((r) => ({ id: r.id, kind: "sent", messageId: `<${r.id}@x>` })),
        );
    }
  };
  const pick = async (label, id) => {
    const query = sql`select r.id from campaign_recipients r where r.campaign_id = ${id} and r.status = 'queued'
      and r.next_attempt_at <= now() order by r.next_attempt_at limit 100`;
    const runs = [];
    for (let i = 0; i < 20; i++) runs.push(await timed(db, query));
    const [plan] = await queryRows(db, sql`explain (analyze, buffers, format json) ${query}`);
    const raw = plan["QUERY PLAN"];
    const top = (typeof raw === "string" ? JSON.parse(raw) : raw)[0].Plan;
    console.log(
      `  ${label}: claim's pick first ${runs[0].toFixed(2)} ms, median ${median(runs).toFixed(2)} ms, ${top["Shared Hit Blocks"]} buffers`,
    );
  };
  console.log(vacuumEach ? "vacuumed after each campaign" : "never vacuumed");
  for (let k = 1; k <= campaigns; k++) {
    const id = await start();
    await send();
    await db.execute(sql`update campaigns set status = 'sent' where id = ${id}`);
    await state(`after campaign ${k}`);
    if (vacuumEach) await vacuum(`after campaign ${k}`);
  }
  const half = await start();
  await send(50);
  await state("a campaign half sent");
  await pick("before VACUUM", half);
  await vacuum("half sent");
  await state("after VACUUM");
  await pick("after VACUUM", half);
  await close();
}

async function sizes(rows) {
  const { db, close } = await open();
  const report = async (label, statement) =>
    console.log(`  ${rows} rows, ${label}: ${(await timed(db, statement)).toFixed(0)} ms`);
  await db.execute(sql`insert into campaigns (id, subject, html, audience, status, audience_queued)
    select uuid_v7(), 's', '<p>x</p>', '{"type":"all"}', 'sent', true from generate_series(1, ${Math.ceil(rows / 10_000)}::int)`);
  await db.execute(
    sql`create temp table numbered as select id, row_number() over (order by id) - 1 as k from campaigns`,
  );
  for (let from = 0; from < rows; from += 100_000) {
    await db.execute(sql`insert into campaign_recipients (id, campaign_id, subscriber_id, email)
      select uuid_v7(), numbered.id, gen_random_uuid(), 'r' || g || '@example.com'
      from generate_series(${from}::int, ${Math.min(rows, from + 100_000) - 1}::int) g join numbered on numbered.k = g / 10000`);
    await db.execute(sql`update campaign_recipients set status = 'sending', attempts = 1 where status = 'queued'`);
    await db.execute(sql`update campaign_recipients set status = 'sent', sent_at = now() where status = 'sending'`);
  }
  const vacuum = sql`vacuum (analyze) campaign_recipients`;
  await report("every row sent, never vacuumed (2 dead a row): VACUUM (ANALYZE)", vacuum);
  await report("nothing dead: VACUUM (ANALYZE)", vacuum);
  await db.execute(sql`update campaign_recipients set status = 'bounced'
    where id in (select id from campaign_recipients tablesample system (25) limit ${Math.ceil(rows * 0.2) + 51})`);
  await report("just past the threshold (50 + 0.2 × rows, non-HOT): VACUUM (ANALYZE)", vacuum);
  await db.execute(
    sql`update campaign_recipients set clicked_at = now() where id in (select id from campaign_recipients limit 20000)`,
  );
  await report("20,000 clicked (HOT-eligible): VACUUM (ANALYZE)", vacuum);
  await report("ANALYZE alone", sql`analyze campaign_recipients`);
  for (let from = 1; from <= rows; from += 100_000)
    await db.execute(sql`insert into subscribers (id, email, status, source, subscribed_at)
      select uuid_v7(), 'i' || g || '@example.com', 'subscribed', 'import', now()
      from generate_series(${from}::int, ${Math.min(rows, from + 99_999)}::int) g`);
  await report(
    "subscribers only inserted (an import): VACUUM (ANALYZE) subscribers",
    sql`vacuum (analyze) subscribers`,
  );
  await close();
}

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const sizesAt = process.argv.indexOf("--sizes");
if (sizesAt > 0) {
  for (const rows of (process.argv[sizesAt + 1] ?? "30000,100000,1000000").split(",").map(Number)) await sizes(rows);
} else {
  const campaigns = Number(process.env.BENCH_CAMPAIGNS ?? 5);
  await churn(false, campaigns);
  await churn(true, campaigns);
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
