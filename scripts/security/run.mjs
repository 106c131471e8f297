// `npm run test:security`: the whole security suite, in turn, then one summary table.
//   (a) the API attack tests (apps/api/vitest.security.config.ts) on PGlite, then on PostgreSQL
//       when TEST_DATABASE_URL is set;
//   (b) stored HTML rendered as text in Chromium (e2e/xss.e2e.ts);
//   (c) sqlmap against the list and search endpoints (sqlmap.mjs);
//   (d) dependencies: outdated, SBOM, advisories (supply-chain.mjs).
// A part whose tool is missing here is skipped with the reason; with CI=true a skip fails the run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findChromium } from "../../e2e/chromium.mjs";
import { buildIsStale, root } from "../build-state.mjs";
import { decidePart } from "./parts.mjs";

const reportDir = mkdtempSync(path.join(tmpdir(), "shop-security-report-"));
const results = [];
const strict = process.env.CI === "true" || process.env.CI === "1";
const started = performance.now();
const { TEST_DATABASE_URL } = process.env;

function run(name, command, args, { cwd = ".", env = {}, report } = {}) {
  console.log(`\n━━ ${name} ━━`);
  const begun = performance.now();
  const result = spawnSync(command, args, {
    cwd: path.join(root, cwd),
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const ms = performance.now() - begun;
  const ok = result.status === 0;
  let counts;
  if (report && existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
    if (!ok && counts.failed === 0) counts.failed = 1; // crashed before it could report a failing test
  }
  results.push({ name, ok, ms, counts });
}

function vitest(name, cwd, args, env) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, "-")}.json`);
  run(name, "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${report}`, ...args], {
    cwd,
    env,
    report,
  });
}

/** Runs the part unless it cannot run here; then says why, and whether that fails the suite. */
function part(partName, name, missing, start) {
  const decision = decidePart(partName, missing, { strict });
  if (decision.run) return start();
  console.log(`\n━━ ${name} ━━\nskipped: ${decision.reason}`);
  results.push({ name, ok: decision.ok, skipped: decision.reason, ms: 0 });
}

// The E2E check and sqlmap run the production build: make it current first.
if (buildIsStale()) {
  console.log("Building (the build is older than the sources)…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// (a) API attack tests.
const apiArgs = ["--config", "vitest.security.config.ts"];
vitest("API security (PGlite)", "apps/api", apiArgs, { TEST_DATABASE_URL: "" });
part(
  "postgres",
  "API security (PostgreSQL)",
  TEST_DATABASE_URL ? undefined : "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)",
  () => vitest("API security (PostgreSQL)", "apps/api", apiArgs, { TEST_DATABASE_URL }),
);

// (b) Stored HTML in a real browser.
const chromium = findChromium();
part(
  "chromium",
  "stored HTML (Chromium)",
  chromium ? undefined : "no Chromium found: install Debian's `chromium` package or set CHROMIUM_PATH",
  () =>
    vitest("stored HTML (Chromium)", ".", ["--config", "e2e/vitest.config.ts", "e2e/xss.e2e.ts"], {
      CHROMIUM_PATH: chromium,
    }),
);

// (c) SQL injection scan.
const sqlmap = process.env.SQLMAP_BIN ?? "/usr/bin/sqlmap";
part("sqlmap", "sqlmap scan", existsSync(sqlmap) ? undefined : `${sqlmap} not found: apt-get install sqlmap`, () =>
  run("sqlmap scan", process.execPath, ["scripts/security/sqlmap.mjs"]),
);

// (d) Dependencies.
run("dependencies", process.execPath, ["scripts/security/supply-chain.mjs"]);

rmSync(reportDir, { recursive: true, force: true });
console.log("\n━━ security summary ━━");
for (const r of results) {
  const time = r.skipped ? "" : ` (${(r.ms / 1000).toFixed(0)} s)`;
  const state = r.skipped
    ? `skipped${strict ? " — FAILS under CI" : ""} — ${r.skipped}`
    : `${r.ok ? "ok" : "FAILED"}${r.counts ? `: ${r.counts.passed} passed, ${r.counts.failed} failed` : ""}${time}`;
  console.log(`${r.name.padEnd(28)} ${state}`);
}
const failed = results.filter((r) => !r.ok);
console.log(
  `${results.length - failed.length}/${results.length} parts ok in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
