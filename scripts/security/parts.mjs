// The parts of the security suite, and what it means when one cannot run on this machine.

/**
 * Whether a part runs. `missing` says why its tool is not here (undefined when it is): such a part
 * is skipped, which fails the run only under CI.
 */
export function decidePart(_name, missing, { strict }) {
  if (missing) return { run: false, ok: !strict, reason: missing };
  return { run: true };
}
