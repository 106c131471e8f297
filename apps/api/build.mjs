// Bundles the API into dist/main.js. Our workspace packages ship TypeScript source, so they are
// bundled in; every npm dependency stays external and is loaded from node_modules at run time.
import { cp, readFile, rm } from "node:fs/promises";
import { build } from "esbuild";
import { buildDatabaseImage } from "./build-db-image.mjs";

process.chdir(import.meta.dirname);
const pkg = JSON.parse(await readFile(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith("@shop/"));

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: [
    "src/main.ts",
    "src/worker.ts",
    "src/migrate-cli.ts",
    "src/ops/backup-cli.ts",
    "src/ops/db-image-cli.ts",
    // Worker threads, each started from its own file beside main.js and worker.js (lib/thread-entry.ts).
    { in: "src/mail/smtp-thread-entry.ts", out: "smtp-thread-entry" },
    { in: "src/modules/seo/render-thread-entry.ts", out: "render-thread-entry" },
  ],
  absWorkingDir: import.meta.dirname,
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: "warning",
});
await cp("src/db/migrations", "dist/migrations", { recursive: true });
await buildDatabaseImage("dist");
console.log("api built → apps/api/dist");
