import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { cp, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { blogPosts, products } from "./schema/index.ts";

/**
 * What `npm run build` leaves in dist/db-image (ops/db-image.ts makes it): PGlite data directories
 * after initdb and every migration, without and with the sample content, and the uploads the sample
 * content points at. A first start copies one instead of paying for initdb in WASM and rasterising
 * the artwork (11–15 CPU-s, and a WASM heap grown past 700 MB that is never given back); PGlite then
 * opens it as it opens any existing data directory.
 */
export const imageParts = {
  bare: "bare",
  sample: "sample",
  uploads: "uploads",
  sampleMadeAt: "sample-made-at",
} as const;

/** Beside the bundle (dist/main.js → dist/db-image); absent when running from source, which then runs initdb. */
function imageFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), "db-image");
}

/**
 * Puts the built image in place of a PGlite data directory that does not exist yet (or is empty); with
 * sample data, its images go into the uploads folder too (never over a file already there). Returns
 * whether it did. Migrations and the admin seed run afterwards as on any start.
 */
export async function placeFirstStartImage(
  pgliteDir: string,
  options: { sampleData: boolean; uploadsDir: string },
  folder = imageFolder(),
): Promise<boolean> {
  const image = path.join(folder, options.sampleData ? imageParts.sample : imageParts.bare);
  if (!existsSync(image)) return false;
  if (existsSync(pgliteDir)) {
    // A directory with anything in it is PGlite's to judge (a database, or a failed initdb to report).
    if (readdirSync(pgliteDir).length > 0) return false;
    await rmdir(pgliteDir);
  }
  if (options.sampleData) {
    await cp(path.join(folder, imageParts.uploads), options.uploadsDir, {
      recursive: true,
      force: false,
      errorOnExist: false,
    });
  }
  // Copied beside it and renamed, so a start interrupted mid-copy leaves no half database behind.
  const partial = `${pgliteDir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  copyTree(image, partial);
  await rename(partial, pgliteDir);
  return true;
}

/** When the image's sample content was dated (written by the maker as an ISO time), if known. */
export function sampleMadeAt(folder = imageFolder()): Date | undefined {
  const file = path.join(folder, imageParts.sampleMadeAt);
  if (!existsSync(file)) return undefined;
  const at = new Date(readFileSync(file, "utf8").trim());
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * The sample products and posts are dated relative to when the image was made, which the build
 * cache can keep for weeks: on the first start they move forward by the image's age, as if seeded now.
 */
export async function bringSampleDatesForward(db: Db, madeAt: Date): Promise<void> {
  const by = sql`${Math.max(0, Date.now() - madeAt.getTime())}::double precision * interval '1 millisecond'`;
  await db
    .update(products)
    .set({ createdAt: sql`${products.createdAt} + ${by}`, updatedAt: sql`${products.updatedAt} + ${by}` });
  await db.update(blogPosts).set({
    publishedAt: sql`${blogPosts.publishedAt} + ${by}`,
    createdAt: sql`${blogPosts.createdAt} + ${by}`,
    updatedAt: sql`${blogPosts.updatedAt} + ${by}`,
  });
}

/**
 * A plain recursive copy, synchronous: the data directory is ~1,200 files, and fs.cp's per-file
 * promises, stats and checks cost it twice the CPU. A copy-on-write clone where the filesystem has one.
 */
function copyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else copyFileSync(source, target, constants.COPYFILE_FICLONE);
  }
}
