import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { placeFirstStartImage } from "./image.ts";

let root: string;
let image: string;
let pgliteDir: string;
let uploadsDir: string;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// A stand-in for dist/db-image: the files matter, not that they are a real database.
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "shop-image-"));
  image = path.join(root, "db-image");
  write(path.join(image, "bare", "PG_VERSION"), "17\n");
  write(path.join(image, "bare", "base", "1", "1259"), "bare");
  write(path.join(image, "sample", "PG_VERSION"), "17\n");
  write(path.join(image, "sample", "base", "1", "1259"), "sample");
  write(path.join(image, "uploads", "products", "a-400.webp"), "from the image");
  write(path.join(image, "uploads", "products", "b-400.webp"), "from the image");
  pgliteDir = path.join(root, "data", "pglite");
  uploadsDir = path.join(root, "data", "uploads");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("placeFirstStartImage", () => {
  it("puts the sample image in place of a missing data directory, and its uploads beside, keeping existing files", async () => {
    write(path.join(uploadsDir, "products", "a-400.webp"), "already here");
    expect(await placeFirstStartImage(pgliteDir, { sampleData: true, uploadsDir }, image)).toBe(true);
    expect(readFileSync(path.join(pgliteDir, "base", "1", "1259"), "utf8")).toBe("sample");
    expect(readFileSync(path.join(uploadsDir, "products", "a-400.webp"), "utf8")).toBe("already here");
    expect(readFileSync(path.join(uploadsDir, "products", "b-400.webp"), "utf8")).toBe("from the image");
    // Nothing half-copied is left beside it.
    expect(readdirSync(path.dirname(pgliteDir)).sort()).toEqual(["pglite", "uploads"]);
  });

  it("takes the bare image, and no uploads, without sample data; an empty directory counts as missing", async () => {
    mkdirSync(pgliteDir, { recursive: true });
    expect(await placeFirstStartImage(pgliteDir, { sampleData: false, uploadsDir }, image)).toBe(true);
    expect(readFileSync(path.join(pgliteDir, "base", "1", "1259"), "utf8")).toBe("bare");
    expect(existsSync(uploadsDir)).toBe(false);
  });

  it("leaves a directory with anything in it to PGlite, and does nothing without an image", async () => {
    write(path.join(pgliteDir, "PG_VERSION"), "17\n");
    expect(await placeFirstStartImage(pgliteDir, { sampleData: true, uploadsDir }, image)).toBe(false);
    expect(readdirSync(pgliteDir)).toEqual(["PG_VERSION"]);
    expect(existsSync(uploadsDir)).toBe(false);

    const elsewhere = path.join(root, "other", "pglite");
    expect(await placeFirstStartImage(elsewhere, { sampleData: true, uploadsDir }, path.join(root, "none"))).toBe(
      false,
    );
    expect(existsSync(elsewhere)).toBe(false);
  });
});
