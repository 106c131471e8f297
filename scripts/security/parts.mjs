// The parts of the security suite, and what it means when one cannot run on this machine.

/** Every part, by the name `--skip` takes. */
export const partNames = ["api", "postgres", "chromium", "sqlmap", "dependencies"];

export const usage = `Usage: node scripts/security/run.mjs [--skip <part>]...
Parts: ${partNames.join(", ")}.
A part that cannot run here (no TEST_DATABASE_URL for postgres, no Chromium, no sqlmap) fails the run
unless it is skipped by name, e.g. --skip sqlmap --skip chromium (or --skip=sqlmap,chromium).`;

/** `--skip <part>`, repeated or comma-separated, and `--help`; anything else throws with the usage. */
export function parseArgs(argv) {
  const skip = new Set();
  let help = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (arg !== "--skip" && !arg.startsWith("--skip=")) throw new Error(`Unknown argument ${arg}\n${usage}`);
    const value = arg === "--skip" ? argv[++i] : arg.slice("--skip=".length);
    if (!value) throw new Error(`--skip needs a part's name\n${usage}`);
    for (const name of value.split(",")) {
      if (!partNames.includes(name)) throw new Error(`--skip ${name}: there is no such part\n${usage}`);
      skip.add(name);
    }
  }
  return { skip, help };
}

/**
 * Whether a part runs. One named by --skip does not, and fails nothing. One whose tool is missing
 * here (`missing` says why) fails the run: a suite that quietly did less must not pass.
 */
export function decidePart(name, missing, { skip }) {
  if (skip.has(name)) return { run: false, ok: true, reason: `--skip ${name}` };
  if (missing) return { run: false, ok: false, reason: `${missing} (or leave it out: --skip ${name})` };
  return { run: true };
}
