// Debian's sqlmap against the list and search endpoints of the built server, on loopback only:
// first on PGlite, then on PostgreSQL when TEST_DATABASE_URL is set (a fresh database, dropped after).
// A planted injection (canary.mjs) is scanned first and must be found, so a clean result means something.
// Exit 0: nothing injectable. Exit 1: a finding (printed), a scan that did not finish, or a 500.
//
// Tunables: SQLMAP_LEVEL (2), SQLMAP_RISK (1), SQLMAP_TECHNIQUE (BEUST), SQLMAP_JOBS (2 scans at once),
// SQLMAP_TIMEOUT_MS (per scan, 150000).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pool } from "../pool.mjs";
import { startCanary } from "./canary.mjs";
import { admin, api, assertLoopback, ensureBuilt, seconds, startServer, withPostgresDatabase } from "./lib.mjs";
import { buildTargets, checkBaseline } from "./sqlmap-targets.mjs";

const sqlmapBin = process.env.SQLMAP_BIN ?? "/usr/bin/sqlmap";
const level = process.env.SQLMAP_LEVEL ?? "2";
const risk = process.env.SQLMAP_RISK ?? "1";
const technique = process.env.SQLMAP_TECHNIQUE ?? "BEUST";
const jobs = Number(process.env.SQLMAP_JOBS ?? 2);
const perScanTimeoutMs = Number(process.env.SQLMAP_TIMEOUT_MS ?? 150_000);

const started = performance.now();
const scratch = mkdtempSync(path.join(tmpdir(), "shop-sqlmap-"));
const problems = []; // every line here fails the run

/** The lines of sqlmap's output that mean "injectable", whatever the technique. */
const findingPatterns = [
  /parameter '[^']+' (appears to be|is) '[^']+' injectable/i,
  /parameter '[^']+' is vulnerable/i,
  /^Parameter: .+ \((GET|POST|URI|Cookie|User-Agent|Referer|Host|\(custom\) .+)\)/i,
  /identified the following injection point/i,
  // A database error text in an answer (sqlmap's error heuristic): a leak even if not exploitable.
  /heuristic \(basic\) test shows that .+ might be injectable/i,
];

/** Reads one sqlmap transcript into what was tested, what was found and how the server answered. */
export function parseSqlmap(log) {
  const lines = log.split(/\r?\n/);
  const params = [
    ...new Set(
      lines.flatMap((line) => {
        const m = line.match(/testing for SQL injection on (\S+) parameter '([^']+)'/);
        return m ? [m[1] === "GET" ? m[2] : `${m[1]} ${m[2]}`] : [];
      }),
    ),
  ];
  const findings = lines.filter((line) => findingPatterns.some((p) => p.test(line))).map((l) => l.trim());
  const codes = Object.fromEntries(
    [...log.matchAll(/^(\d{3}) \([^)]*\) - (\d+) times/gm)].map((m) => [m[1], Number(m[2])]),
  );
  const critical = lines
    .filter((line) => /\[CRITICAL\]/.test(line) && !/WAF\/IPS/.test(line))
    .map((l) => l.replace(/^.*\[CRITICAL\]\s*/, ""));
  const notes = lines.filter((line) => /might be vulnerable to cross-site scripting/i.test(line)).map((l) => l.trim());
  return { params, findings, codes, critical, notes };
}

/** The CSV sqlmap writes in multiple-targets mode: one row per injection point, header only when clean. */
function csvFindings(outputDir) {
  if (!existsSync(outputDir)) return [];
  return readdirSync(outputDir)
    .filter((f) => f.startsWith("results-") && f.endsWith(".csv"))
    .flatMap((f) => readFileSync(path.join(outputDir, f), "utf8").trim().split("\n").slice(1))
    .filter((row) => row.trim() !== "")
    .map((row) => `results CSV: ${row}`);
}

function runSqlmap(url, { token, technique: techniques = technique, label }) {
  assertLoopback(url, "sqlmap's target");
  const outputDir = path.join(scratch, label.replace(/\W+/g, "-"));
  mkdirSync(outputDir, { recursive: true });
  const args = [
    "--batch",
    "-u",
    url,
    "--level",
    level,
    "--risk",
    risk,
    "--technique",
    techniques,
    "--threads",
    "4",
    "--timeout",
    "30",
    "--retries",
    "1",
    "--skip-waf",
    // Both back ends are PostgreSQL (PGlite is PostgreSQL compiled to WASM): skip other engines' payloads.
    "--dbms",
    "PostgreSQL",
    "--disable-coloring",
    "--output-dir",
    outputDir,
    ...(token ? ["--headers", `Authorization: Bearer ${token}`] : []),
  ];
  const begun = performance.now();
  return new Promise((resolve) => {
    // HOME points into the scratch dir so sqlmap's history and caches go away with it.
    const child = spawn(sqlmapBin, args, {
      env: { ...process.env, HOME: scratch, no_proxy: "*", http_proxy: "", https_proxy: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    }, perScanTimeoutMs);
    child.on("error", (error) => (log += `\n[CRITICAL] cannot run ${sqlmapBin}: ${error.message}`));
    child.on("close", (code) => {
      clearTimeout(timer);
      const parsed = parseSqlmap(log);
      parsed.findings.push(...csvFindings(outputDir));
      resolve({ ...parsed, code, timedOut, ms: performance.now() - begun, log });
    });
  });
}

async function canaryCheck() {
  const canary = await startCanary();
  try {
    const result = await runSqlmap(canary.url, { technique: "BE", label: "canary" });
    const found = result.findings.length > 0;
    console.log(
      `canary (planted injection)       ${found ? "found, as it must be" : "NOT FOUND"} in ${seconds(result.ms)}`,
    );
    if (!found) {
      problems.push("sqlmap did not find the planted injection: the scan or its parser is blind");
      console.log(result.log.split("\n").slice(-30).join("\n"));
    }
  } finally {
    await canary.stop();
  }
}

async function scanBackend(backend, databaseUrl) {
  const serverStarted = performance.now();
  const server = await startServer({ databaseUrl });
  let summary = { backend, endpoints: 0, params: 0 };
  try {
    console.log(`\n${backend}: server up in ${seconds(performance.now() - serverStarted)} on ${server.url}`);
    const login = await api(server.url, "POST", "/api/users/login", { body: admin });
    if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status}`);
    const token = login.body.data.token;
    const targets = await buildTargets(server.url, token, login.body.data.user._id);
    for (const target of targets) {
      const problem = await checkBaseline(server.url, target);
      if (problem) problems.push(`${backend} ${target.name}: ${problem}`);
    }
    const results = await pool(targets, jobs, (target) =>
      runSqlmap(`${server.url}${target.url}`, { token: target.token, label: `${backend}-${target.name}` }),
    );
    targets.forEach((target, i) => {
      const r = results[i];
      const codes = Object.entries(r.codes)
        .map(([code, n]) => `${code}×${n}`)
        .join(" ");
      const verdict = r.findings.length ? "FINDING" : r.timedOut ? "TIMED OUT" : "nothing found";
      console.log(
        `${backend.padEnd(10)} ${target.name.padEnd(40)} ${String(r.params.length).padStart(2)} params ` +
          `(${r.params.join(", ")})  ${seconds(r.ms)}  ${codes || "all 200"}  ${verdict}`,
      );
      for (const finding of r.findings) problems.push(`${backend} ${target.name}: ${finding}`);
      for (const note of r.notes) console.log(`    note: ${note}`);
      if (r.timedOut) problems.push(`${backend} ${target.name}: sqlmap did not finish in ${seconds(perScanTimeoutMs)}`);
      if (r.params.length === 0) problems.push(`${backend} ${target.name}: sqlmap tested no parameter`);
      for (const line of r.critical) problems.push(`${backend} ${target.name}: sqlmap: ${line}`);
      if (r.codes["500"]) problems.push(`${backend} ${target.name}: the server answered 500 ${r.codes["500"]} times`);
      if (r.findings.length || r.critical.length) console.log(r.log.split("\n").slice(-40).join("\n"));
    });
    summary = { backend, endpoints: targets.length, params: results.reduce((n, r) => n + r.params.length, 0) };
  } finally {
    await server.stop();
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    if (errors.length) problems.push(`${backend}: the server logged ${errors.length} errors, first: ${errors[0]}`);
  }
  return summary;
}

const summaries = [];
try {
  if (!existsSync(sqlmapBin)) throw new Error(`${sqlmapBin} not found: apt-get install sqlmap`);
  ensureBuilt();
  console.log(`sqlmap --level ${level} --risk ${risk} --technique ${technique}, ${jobs} scans at a time`);
  await canaryCheck();
  summaries.push(await scanBackend("PGlite", ""));
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) {
    summaries.push(
      await withPostgresDatabase(postgres, `shop_sqlmap_${process.pid}`, (url) => scanBackend("PostgreSQL", url)),
    );
  } else {
    console.log("\nPostgreSQL: skipped (TEST_DATABASE_URL is not set)");
  }
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log("");
for (const s of summaries) console.log(`${s.backend}: ${s.endpoints} endpoints, ${s.params} parameters tested`);
console.log(`sqlmap scan took ${seconds(performance.now() - started)}`);
if (problems.length) {
  console.log(`\nFAILED — ${problems.length} problem(s):`);
  for (const p of problems) console.log(`  ✗ ${p}`);
  process.exit(1);
}
console.log("no injectable parameter found");
process.exit(0);
