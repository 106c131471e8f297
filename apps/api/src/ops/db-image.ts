import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { imageParts } from "../db/image.ts";
import { createLocalStore } from "../modules/uploads/storage.ts";
import { seedSampleContent } from "../sample-shop/seed.ts";

/**
 * Makes the first-start images (db/image.ts places them) in `outDir`: one PGlite initdb with every
 * migration, closed cleanly, is the bare data directory; a copy of it gets the sample content, whose
 * uploads land beside it. No roles or users: the admin comes from the machine that starts.
 */
export async function makeDatabaseImages(outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const bare = path.join(outDir, imageParts.bare);
  const sample = path.join(outDir, imageParts.sample);

  const first = await openDatabase({ kind: "pglite", dataDir: bare });
  try {
    await first.migrate();
  } finally {
    await first.close();
  }
  await cp(bare, sample, { recursive: true });
  const second = await openDatabase({ kind: "pglite", dataDir: sample });
  try {
    // The sample's dates count back from now; a first start moves them by the image's age.
    await writeFile(path.join(outDir, imageParts.sampleMadeAt), new Date().toISOString());
    await seedSampleContent(second.db, createLocalStore(path.join(outDir, imageParts.uploads)));
  } finally {
    await second.close();
  }
}
