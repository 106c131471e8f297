import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Layers run one way (issue 20): plugins/ and db/ sit below the modules, so they reach none of them,
 * not even through a file in between; auth and users do not import each other; and the cluster
 * plugin names no module's URLs, so adding a module never edits it. Read from the source as text.
 */

const src = path.resolve(import.meta.dirname, "../src");
const relative = (file: string) => path.relative(src, file).split(path.sep).join("/");

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(src, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => path.join(src, folder, name));
}

/** The project files a source file imports: relative specifiers only (packages are not layers). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/\b(?:from|import)\s*(?:\(\s*)?"(\.{1,2}\/[^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
  return specifiers
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((target) => existsSync(target));
}

/**
 * config.ts gathers every part's settings, the modules' among them, and every layer reads it: what it
 * imports are parsers of environment variables, so the walk does not go on through it.
 */
const readByEveryLayer = new Set(["config.ts"]);

/** Each file below `folder` that reaches modules/, with the chain of imports that gets there. */
function pathsIntoModules(folder: string): string[] {
  const offenders: string[] = [];
  for (const start of sourcesUnder(folder)) {
    const seen = new Set([start]);
    const queue: string[][] = [[start]];
    for (let chain = queue.shift(); chain; chain = queue.shift()) {
      const at = chain.at(-1) ?? start;
      if (relative(at).startsWith("modules/")) {
        offenders.push(chain.map(relative).join(" → "));
        break;
      }
      if (readByEveryLayer.has(relative(at))) continue;
      for (const next of importsOf(at)) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push([...chain, next]);
      }
    }
  }
  return offenders;
}

function directImports(from: string, into: string): string[] {
  return sourcesUnder(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => relative(target).startsWith(`${into}/`))
      .map((target) => `${relative(file)} → ${relative(target)}`),
  );
}

describe("the API's layers", () => {
  it("keeps plugins/ and db/ from reaching modules/", () => {
    expect([...pathsIntoModules("plugins"), ...pathsIntoModules("db")]).toEqual([]);
  });

  it("lets auth and users depend on each other one way at most", () => {
    const authOnUsers = directImports("modules/auth", "modules/users");
    const usersOnAuth = directImports("modules/users", "modules/auth");
    expect(authOnUsers.length === 0 || usersOnAuth.length === 0 ? [] : [...authOnUsers, ...usersOnAuth]).toEqual([]);
  });

  it("leaves the cluster plugin without other modules' URL prefixes", () => {
    const text = readFileSync(path.join(src, "plugins/cluster.ts"), "utf8");
    // Quoted or in a pattern (\/api\/products): either way a module's URL.
    expect([...text.matchAll(/\\?\/api\\?\/[\w-]+/g)].map((match) => match[0])).toEqual([]);
  });
});
