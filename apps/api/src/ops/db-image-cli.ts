import { makeDatabaseImages } from "./db-image.ts";

// Run by build.mjs: `node dist/ops/db-image-cli.js <folder>`.
const [outDir] = process.argv.slice(2);
if (!outDir) {
  process.stderr.write("Usage: node dist/ops/db-image-cli.js <folder>\n");
  process.exit(1);
}
await makeDatabaseImages(outDir);
