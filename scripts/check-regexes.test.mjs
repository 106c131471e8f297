import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "check-regexes.mjs");
const folder = mkdtempSync(path.join(tmpdir(), "check-regexes-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes one source file and runs the checker on it alone. */
function checkSource(name, source) {
  const file = path.join(folder, name);
  writeFileSync(file, source);
  const run = spawnSync(process.execPath, [script, file], { encoding: "utf8", timeout: 60_000 });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("the regular expression check in npm run lint", () => {
  it("fails on a nested quantifier, naming the line, the pattern and an attack string", () => {
    const { status, output } = checkSource("nested.ts", "const ok = 1;\nexport const bad: RegExp = /^(a+)+$/;\n");
    expect(status).toBe(1);
    expect(output).toContain("nested.ts:2: /^(a+)+$/");
    expect(output).toMatch(/vulnerable, exponential; attack string: 'a'/);
  });

  it("passes linear and bounded patterns, literal or built from a constant string", () => {
    const { status, output } = checkSource(
      "safe.tsx",
      'export const word = /^[a-z]{1,32}$/i;\nexport const digits = new RegExp("^\\\\d{1,4}$", "u");\nexport const View = () => <p>{String.raw`a+b`}</p>;\n',
    );
    expect(output).toContain("2 regular expressions");
    expect(output).toContain("none vulnerable");
    expect(status).toBe(0);
  });

  it("reads the pattern a RegExp call is given as a string, and fails on a polynomial one", () => {
    const { status, output } = checkSource("built.mjs", 'export const spaces = RegExp("\\\\s+" + "\\\\s*$");\n');
    expect(status).toBe(1);
    expect(output).toContain("built.mjs:1: /\\s+\\s*$/");
    expect(output).toMatch(/vulnerable, \d\w\w degree polynomial/);
  });

  it("fails on a RegExp built at run time, unless a redos-safe comment above it says why it is safe", () => {
    const dynamic = "export const exact = (word: string) =>\n  new RegExp(word, 'i');\n";
    const refused = checkSource("dynamic.ts", dynamic);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("dynamic.ts:2: new RegExp(word, 'i')");
    expect(refused.output).toContain("built at run time");

    const proved = checkSource("proved.ts", `// redos-safe: callers pass\n// letters only\n${dynamic}`);
    expect(proved.status).toBe(0);
    expect(proved.output).toContain("redos-safe: callers pass letters only");
  });

  it("fails on a redos-safe comment that stands above no regular expression", () => {
    const { status, output } = checkSource("stray.ts", "// redos-safe: nothing here\nexport const answer = 42;\n");
    expect(status).toBe(1);
    expect(output).toContain("stray.ts:1: a redos-safe comment stands above no regular expression");
  });
});
