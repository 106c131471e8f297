// `npm test`: every suite this machine can run, in turn. A suite that cannot run here says why.
// Ends with one line "N passed, N failed" summed over the suites that ran.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findChromium } from "../e2e/chromium.mjs";
import { buildIsStale, root } from "./build-state.mjs";

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const reportDir = mkdtempSync(path.join(tmpdir(), "shop-test-report-"));
const results = [];

function runVitest(name, cwd, args = [], env = {}) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, "-")}.json`);
  // The suite's temporary files (os.tmpdir(): configs, outboxes, keys, browser profiles) go in a
  // directory of its own, removed after it: tests that made one and never removed it left about 120
  // directories in /tmp on every run.
  const scratch = mkdtempSync(path.join(tmpdir(), "shop-test-tmp-"));
  // Open like /tmp: the faults suite runs PostgreSQL's initdb as the postgres user in a directory here.
  chmodSync(scratch, 0o1777);
  console.log(`\n━━ ${name} ━━`);
  const result = spawnSync(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${report}`, ...args],
    { cwd: path.join(root, cwd), stdio: "inherit", env: { ...process.env, ...env, TMPDIR: scratch } },
  );
  const left = readdirSync(scratch).length;
  if (left > 0) console.log(`${name}: ${left} temporary file(s) or directories left by its tests, removed`);
  rmSync(scratch, { recursive: true, force: true });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  }
  const ok = result.status === 0;
  if (!ok && counts.failed === 0) counts.failed = 1; // a suite that crashed before reporting still fails
  results.push({ name, ok, ...counts });
}

function skip(name, reason) {
  console.log(`\n━━ ${name} ━━\nskipped: ${reason}`);
  results.push({ name, ok: true, passed: 0, failed: 0, skipped: 0, reason });
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
const want = (suite) => !only || only === suite;

if (want("shared")) runVitest("shared package", "packages/shared");
if (want("api")) {
  runVitest("API on PGlite", "apps/api", [], { ...withoutPostgres, TEST_DATABASE_URL: "" });
  if (TEST_DATABASE_URL) runVitest("API on PostgreSQL", "apps/api", [], { TEST_DATABASE_URL });
  else skip("API on PostgreSQL", "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)");
}
if (want("web")) runVitest("web app", "apps/web");
if (want("scripts")) runVitest("scripts", ".", ["--config", "scripts/vitest.config.mjs"]);
// Real server processes signalled, killed and starved of PostgreSQL: `npm run test:faults` asks for them.
if (only === "faults") {
  if (!TEST_DATABASE_URL) skip("faults", "TEST_DATABASE_URL is not set: these tests stop and share PostgreSQL");
  else runVitest("faults and scale-out", "apps/api", ["--config", "vitest.faults.config.ts"], { TEST_DATABASE_URL });
}
if (want("e2e")) {
  const chromium = findChromium();
  if (!chromium) {
    skip("end-to-end (Chromium)", "no Chromium found: install Debian's `chromium` package or set CHROMIUM_PATH");
  } else {
    if (buildIsStale()) {
      console.log("\nBuilding for the end-to-end suite…");
      const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
    runVitest("end-to-end (Chromium)", ".", ["--config", "e2e/vitest.config.ts"], { CHROMIUM_PATH: chromium });
  }
}

rmSync(reportDir, { recursive: true, force: true });
console.log("\n━━ summary ━━");
for (const r of results) {
  const state = r.reason
    ? `skipped — ${r.reason}`
    : `${r.ok ? "ok" : "FAILED"}: ${r.passed} passed, ${r.failed} failed`;
  console.log(`${r.name.padEnd(26)} ${state}`);
}
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
console.log(`${total("passed")} passed, ${total("failed")} failed, ${total("skipped")} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
