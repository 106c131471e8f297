import { describe, expect, it } from "vitest";
import { decidePart, parseArgs } from "./parts.mjs";

describe("a security part that cannot run here", () => {
  it("fails the run when its tool is missing, whether or not under CI", () => {
    const none = { skip: new Set() };
    for (const name of ["postgres", "chromium", "sqlmap"]) {
      const decision = decidePart(name, `${name} is not installed`, none);
      expect(decision, name).toMatchObject({ run: false, ok: false });
      expect(decision.reason).toContain(`--skip ${name}`);
    }
  });

  it("is skipped without failing only when named with --skip", () => {
    const named = parseArgs(["--skip", "sqlmap", "--skip=chromium"]);
    expect(decidePart("sqlmap", "/usr/bin/sqlmap not found", named)).toMatchObject({ run: false, ok: true });
    expect(decidePart("chromium", "no Chromium found", named)).toMatchObject({ run: false, ok: true });
    expect(decidePart("postgres", "TEST_DATABASE_URL is not set", named)).toMatchObject({ run: false, ok: false });
    // Named, it is skipped even where its tool is present; otherwise a present tool runs.
    expect(decidePart("sqlmap", undefined, named)).toMatchObject({ run: false, ok: true });
    expect(decidePart("postgres", undefined, named)).toEqual({ run: true });
  });

  it("refuses a name it does not know, listing the names it does", () => {
    expect(() => parseArgs(["--skip", "sqlmapp"])).toThrow(/postgres, chromium, sqlmap/);
    expect(() => parseArgs(["--skip"])).toThrow(/--skip/);
    expect(() => parseArgs(["--fast"])).toThrow(/Usage/);
    expect(parseArgs(["--help"]).help).toBe(true);
  });
});
