import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian's Chromium (never a downloaded one): CHROMIUM_PATH, or whatever `chromium` is on PATH. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  for (const name of ["chromium", "chromium-browser"]) {
    try {
      const found = execFileSync("which", [name], { encoding: "utf8" }).trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  return undefined;
}
