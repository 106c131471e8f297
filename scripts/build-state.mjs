// Decides whether the production build is older than the sources, so `npm start` and the E2E
// suite build only when something changed.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const sources = [
  "apps/api/src",
  "apps/api/build.mjs",
  "apps/api/build-db-image.mjs",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/shared/src",
  "package-lock.json",
];
const outputs = ["apps/api/dist/main.js", "apps/web/dist/index.html", "apps/web/dist-ssr/entry-server.js"];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

export function buildIsStale() {
  const built = outputs.map((file) => path.join(root, file));
  if (built.some((file) => !existsSync(file))) return true;
  const oldestOutput = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return sources.some((source) => newest(path.join(root, source)) > oldestOutput);
}

export { root };
