// The JavaScript a first visit to / downloads, gzipped, against the storefront budget (issue 3: ≤ 150 KB;
// issue 16 item 7: 120 KB, so it stays there — see docs/decisions/005, "First-visit JavaScript budget",
// for what was dropped or deferred to get there).
// Walks Vite's manifest: the entry and its static imports, plus the lazy chunks of the routes that
// render / (the storefront layout and the home page) and their static imports. Exits 1 over budget.
// Run after `vite build` (apps/web's build script does). KB here are 1000 bytes, as Vite prints them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 120);
const dist = path.resolve(import.meta.dirname, "../apps/web/dist");
/** The lazy route modules React Router loads to render / (see apps/web/src/app/routes.ts). */
const homeRoutes = ["src/layouts/public-layout.tsx", "src/features/storefront/home-page.tsx"];
/** Loaded only as the visitor scrolls towards it: reported, not counted. */
const belowTheFold = "src/features/storefront/home-below-fold.tsx";

const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
for (const route of homeRoutes) {
  if (!manifest[route]) throw new Error(`${route} is not in the build manifest: has the route moved?`);
}

/** The JS files `keys` load, with their static imports, leaving out those already in `seen`. */
function closure(keys, seen = new Set()) {
  const files = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || seen.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const key of keys) walk(key);
  return files;
}

const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const jsSizes = (files) =>
  [...files]
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, gzip: gzipped(file) }))
    .sort((a, b) => b.gzip - a.gzip);
const sum = (sizes) => sizes.reduce((total, { gzip }) => total + gzip, 0);
const kb = (bytes) => (bytes / 1000).toFixed(1);

const firstVisit = closure([...entries, ...homeRoutes]);
const sizes = jsSizes(firstVisit);
const total = sum(sizes);

for (const { file, gzip } of sizes) console.log(`  ${kb(gzip).padStart(7)} KB  ${file}`);
if (manifest[belowTheFold]) {
  const later = sum(jsSizes(closure([belowTheFold], firstVisit)));
  console.log(`(the home page below the fold loads as the visitor scrolls: ${kb(later)} KB more, not counted)`);
}
const verdict = total <= budgetKb * 1000 ? "ok" : "OVER BUDGET";
console.log(`JavaScript for a first visit to /: ${kb(total)} KB gzipped (budget ${budgetKb} KB) — ${verdict}`);
if (verdict !== "ok") process.exit(1);
