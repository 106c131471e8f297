import { createHash } from "node:crypto";
import { imageWidths } from "@shop/shared/images";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../../lib/errors.ts";
import type { FileStore } from "./storage.ts";

export const uploadMessages = {
  unsupported: "Only JPEG, PNG, WebP, AVIF and GIF images are accepted",
  tooLarge: "Each image must be 8 MB or smaller",
  tooMany: "At most 10 images can be uploaded at once",
  none: "Please choose at least one image",
  failed: "Failed to upload images",
};

export const uploadFolders = ["products", "banners", "categories", "blog", "campaigns"] as const;
export type UploadFolder = (typeof uploadFolders)[number];

type ImageKind = "jpeg" | "png" | "gif" | "webp" | "avif";

/** The file's own bytes say what it is; its name and declared type are not trusted. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString("latin1");
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "avif";
  return null;
}

export type StoredImage = {
  url: string;
  width: number;
  height: number;
  size: number;
  variants: { width: number; url: string; size: number }[];
};

/**
 * Makes the WebP widths of one image, named by a hash of its content, so the same picture
 * uploaded twice is stored once and every URL can be cached forever.
 */
export async function storeImage(store: FileStore, folder: UploadFolder, bytes: Buffer): Promise<StoredImage> {
  if (!sniffImage(bytes)) throw new AppError(415, uploadMessages.unsupported);
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 20);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { animated: false }).metadata();
  } catch {
    throw new AppError(415, uploadMessages.unsupported);
  }
  const variants: StoredImage["variants"] = [];
  for (const width of imageWidths) {
    const key = `${folder}/${hash}-${width}.webp`;
    let size: number;
    if (await store.exists(key)) {
      size = 0;
    } else {
      const output = await sharp(bytes, { animated: false, limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      await store.put(key, output);
      size = output.length;
    }
    variants.push({ width, url: store.url(key), size });
  }
  const main = variants.find((variant) => variant.width === 800) ?? variants[0];
  if (!main) throw new Error("no variants made");
  return { url: main.url, width: metadata.width ?? 0, height: metadata.height ?? 0, size: bytes.length, variants };
}
