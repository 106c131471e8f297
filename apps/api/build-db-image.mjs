// Part of build.mjs: the first-start database images (src/ops/db-image.ts) into dist/db-image. Making
// them costs an initdb, the migrations and the sample artwork (30–40 s here), so they are kept in
// node_modules/.cache and made again only when what goes into them changes: the bundled maker (schema,
// seed, artwork), the migrations, or the locked dependency versions (PGlite, sharp).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cp, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";

export async function buildDatabaseImage(dist) {
  const hash = createHash("sha256");
  hash.update(readFileSync(path.join(dist, "ops/db-image-cli.js")));
  const migrations = path.join(dist, "migrations");
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file);
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(path.resolve(import.meta.dirname, "../../package-lock.json")));
  const key = hash.digest("hex").slice(0, 16);

  const cacheRoot = path.resolve(import.meta.dirname, "../../node_modules/.cache/shop-db-image");
  const cached = path.join(cacheRoot, key);
  if (!existsSync(cached)) {
    console.log("making the first-start database image (changed schema or seed)…");
    const making = path.join(cacheRoot, `making-${process.pid}`);
    const made = spawnSync(process.execPath, [path.join(dist, "ops/db-image-cli.js"), making], { stdio: "inherit" });
    if (made.status !== 0) throw new Error(`db-image-cli exited with ${made.status ?? made.signal}`);
    // Only the newest image is kept; a making-* is another build's work unless an hour old (a killed build).
    for (const old of await readdir(cacheRoot)) {
      const full = path.join(cacheRoot, old);
      const abandoned = old.startsWith("making-") && Date.now() - statSync(full).mtimeMs > 3_600_000;
      if (/^[0-9a-f]{16}$/.test(old) || abandoned) await rm(full, { recursive: true, force: true });
    }
    // A build running beside this one may have finished the same image first: then it stays.
    await rename(making, cached).catch(() => rm(making, { recursive: true, force: true }));
  }
  await mkdir(path.join(dist, "db-image"), { recursive: true });
  await cp(cached, path.join(dist, "db-image"), { recursive: true });
}
