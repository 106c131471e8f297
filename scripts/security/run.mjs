// `npm run test:security`: the whole security suite, in turn, then one summary table.
//   (a) the API attack tests (apps/api/vitest.security.config.ts) on PGlite, then on PostgreSQL
//       (TEST_DATABASE_URL);
//   (b) stored HTML rendered as text in Chromium (e2e/xss.e2e.ts);
//   (c) sqlmap against the list and search endpoints (sqlmap.mjs);
//   (d) dependencies: outdated, SBOM, advisories (supply-chain.mjs).
// A part whose tool is missing here fails the run, unless it is skipped by name:
//   node scripts/security/run.mjs --skip sqlmap --skip chromium   (--help lists the parts)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findChromium } from "../../e2e/chromium.mjs";
import { buildIsStale, root } from "../build-state.mjs";
import { decidePart, parseArgs, usage } from "./parts.mjs";

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}

const reportDir = mkdtempSync(path.join(tmpdir(), "shop-security-report-"));
const results = [];
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

// What each part needs from this machine, and why it cannot run when that is missing.
const chromium = findChromium();
const sqlmap = process.env.SQLMAP_BIN ?? "/usr/bin/sqlmap";
const missing = {
  postgres: TEST_DATABASE_URL
    ? undefined
    : "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)",
  chromium: chromium ? undefined : "no Chromium found: install Debian's `chromium` package or set CHROMIUM_PATH",
  sqlmap: existsSync(sqlmap) ? undefined : `${sqlmap} not found: apt-get install sqlmap`,
};
const decide = (partName) => decidePart(partName, missing[partName], options);

/** Runs the part unless it is skipped or cannot run here; then says why, and whether that fails the suite. */
function part(partName, name, start) {
  const decision = decide(partName);
  if (decision.run) return start();
  console.log(`\n━━ ${name} ━━\n${decision.ok ? "skipped" : "cannot run"}: ${decision.reason}`);
  results.push({ name, ok: decision.ok, skipped: decision.reason, ms: 0 });
}

// The E2E check and sqlmap run the production build: make it current first.
if ((decide("chromium").run || decide("sqlmap").run) && buildIsStale()) {
  console.log("Building (the build is older than the sources)…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// (a) API attack tests.
const apiArgs = ["--config", "vitest.security.config.ts"];
part("api", "API security (PGlite)", () =>
  vitest("API security (PGlite)", "apps/api", apiArgs, { TEST_DATABASE_URL: "" }),
);
// The second run is for what PostgreSQL does differently (its stricter text, its pool, its locks): the
// fuzzer's random inputs get half the runs there (its 48–65 s were CI's largest single file on a slow
// 2-core machine), unless FUZZ_RUNS says otherwise.
part("postgres", "API security (PostgreSQL)", () =>
  vitest("API security (PostgreSQL)", "apps/api", apiArgs, {
    TEST_DATABASE_URL,
    FUZZ_RUNS: process.env.FUZZ_RUNS ?? "12",
  }),
);

// (b) Stored HTML in a real browser.
part("chromium", "stored HTML (Chromium)", () =>
  vitest("stored HTML (Chromium)", ".", ["--config", "e2e/vitest.config.ts", "e2e/xss.e2e.ts"], {
    CHROMIUM_PATH: chromium,
  }),
);

// (c) SQL injection scan.
part("sqlmap", "sqlmap scan", () => run("sqlmap scan", process.execPath, ["scripts/security/sqlmap.mjs"]));

// (d) Dependencies.
part("dependencies", "dependencies", () =>
  run("dependencies", process.execPath, ["scripts/security/supply-chain.mjs"]),
);

rmSync(reportDir, { recursive: true, force: true });
console.log("\n━━ security summary ━━");
for (const r of results) {
  const time = r.skipped ? "" : ` (${(r.ms / 1000).toFixed(0)} s)`;
  const state = r.skipped
    ? `${r.ok ? "skipped" : "FAILED, could not run"} — ${r.skipped}`
    : `${r.ok ? "ok" : "FAILED"}${r.counts ? `: ${r.counts.passed} passed, ${r.counts.failed} failed` : ""}${time}`;
  console.log(`${r.name.padEnd(28)} ${state}`);
}
const failed = results.filter((r) => !r.ok);
console.log(
  `${results.length - failed.length}/${results.length} parts ok in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
