import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { serverEntry } from "./processes.ts";

const apiRoot = path.resolve(import.meta.dirname, "../..");
const sources = [path.join(apiRoot, "src"), path.resolve(apiRoot, "../../packages/shared/src")];

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** These tests run the built server: build it when missing or older than the source it comes from. */
export default function setup() {
  const built = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  const source = Math.max(...sources.filter((dir) => existsSync(dir)).map(newestChange));
  if (built >= source) return;
  console.log(built ? "faults: dist is older than src, rebuilding the API" : "faults: building the API");
  execFileSync(process.execPath, ["build.mjs"], { cwd: apiRoot, stdio: "inherit", timeout: 120_000 });
}
