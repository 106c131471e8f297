import { createHash } from "node:crypto";
import { imageWidths } from "@shop/shared/images";
import type { StoredImage } from "@shop/shared/schemas/uploads";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../../lib/errors.ts";
import type { FileStore } from "./storage.ts";

export const uploadMessages = {
  unsupported: "Only JPEG, PNG, WebP, AVIF and GIF images are accepted",
  tooLarge: "Each image must be 8 MB or smaller",
  tooManyPixels: "Each image must be at most 50 megapixels",
  tooMany: "At most 10 images can be uploaded at once",
  busy: "Other images are being processed. Please try again in a few seconds.",
  none: "Please choose at least one image",
  failed: "Failed to upload images",
  overAllowance: (megabytes: number) =>
    `At most ${megabytes} MB of images can be uploaded in 24 hours; please try again later`,
};

export const uploadFolders = ["products", "banners", "categories", "blog", "campaigns"] as const;
export type UploadFolder = (typeof uploadFolders)[number];

/**
 * Who may write into each folder: the permissions of the screens whose images live there (categories
 * are kept by product staff), so a newsletter-only role cannot replace a product's or a banner's files.
 */
export const uploadFolderPermissions: Record<UploadFolder, readonly string[]> = {
  products: ["product:create-product", "product:update-product"],
  categories: ["product:create-product", "product:update-product"],
  banners: ["herobanner:create-hero-banner", "herobanner:update-hero-banner"],
  blog: ["blog:create-update-post"],
  campaigns: ["newsletter:compose-email"],
};

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

/** Larger pictures are refused before decoding: a few KB of PNG can claim gigabytes of pixels. */
const maxPixels = 50_000_000;
/** WebP cannot encode a side longer than this: a tall image's variants are fitted inside it. */
const webpMaxSide = 16_383;

export type PreparedImage = {
  metadata: Metadata;
  size: number;
  /** The uploaded bytes, to make a reused variant again if it is reclaimed before it is saved. */
  source: Buffer;
  /** Variants already stored carry no data: the same picture was uploaded before. */
  variants: { width: number; key: string; data: Buffer | null }[];
};

/**
 * Checks and converts one image entirely in memory, so a batch with one bad file can be refused
 * before any of it is written. Anything sharp cannot decode is not an image we accept (415).
 */
export async function prepareImage(store: FileStore, folder: UploadFolder, bytes: Buffer): Promise<PreparedImage> {
  if (!sniffImage(bytes)) throw new AppError(415, uploadMessages.unsupported);
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 20);
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit is needed yet.
    metadata = await sharp(bytes, { animated: false, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, uploadMessages.unsupported);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) throw new AppError(413, uploadMessages.tooManyPixels);
  const variants: PreparedImage["variants"] = [];
  try {
    let picture: Picture | undefined;
    for (const width of imageWidths) {
      const key = `${folder}/${hash}-${width}.webp`;
      if (await storedWhole(store, key)) variants.push({ width, key, data: null });
      else {
        picture ??= await decode(bytes);
        variants.push({ width, key, data: await variantOf(picture, width) });
      }
    }
  } catch {
    // A valid header over broken or truncated pixel data.
    throw new AppError(415, uploadMessages.unsupported);
  }
  return { metadata, size: bytes.length, source: bytes, variants };
}

/** A picture decoded once, upright, in 8-bit sRGB, no wider than the widest variant. */
type Picture = { data: Buffer; raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

const fitted = (width: number) => ({ width, height: webpMaxSide, fit: "inside", withoutEnlargement: true }) as const;

/**
 * Decoding is most of the work, and for a PNG all of its memory (150–200 MB at 50 megapixels): it is
 * done once, and every width is made from the widest. Each width made from the file itself decoded it
 * again, three times in all.
 */
async function decode(bytes: Buffer): Promise<Picture> {
  const widest = Math.max(...imageWidths);
  const { data, info } = await sharp(bytes, { animated: false, limitInputPixels: maxPixels })
    .rotate()
    .resize(fitted(widest))
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

function variantOf(picture: Picture, width: number): Promise<Buffer> {
  return sharp(picture.data, { raw: picture.raw }).resize(fitted(width)).webp({ quality: 80 }).toBuffer();
}

/**
 * Whether a variant is already stored and decodes in full. One left broken by a write from before
 * writes were atomic (storage.ts) is made again rather than kept: its URL is cached for a year.
 * Decoding costs less than encoding, and only the same picture uploaded again pays it.
 */
async function storedWhole(store: FileStore, key: string): Promise<boolean> {
  // A file that cannot be read is written again; if that fails too, its error is the one reported.
  const stored = await store.read(key).catch(() => undefined);
  if (!stored) return false;
  return sharp(stored, { limitInputPixels: maxPixels })
    .raw()
    .toBuffer()
    .then(
      () => true,
      () => false,
    );
}

/** Writes a prepared image's variants, named by a hash of its content so every URL can be cached forever. */
export async function saveImage(store: FileStore, prepared: PreparedImage): Promise<StoredImage> {
  const variants: StoredImage["variants"] = [];
  let picture: Picture | undefined;
  for (const { width, key, data } of prepared.variants) {
    // A reused file is touched, so the reclaimer's grace period starts again for it; one the
    // reclaimer took since it was found (storage.ts reclaimFile) is made again.
    if (data) await store.put(key, data);
    else if (!(await store.touch(key))) {
      picture ??= await decode(prepared.source);
      await store.put(key, await variantOf(picture, width));
    }
    variants.push({ width, url: store.url(key), size: data?.length ?? 0 });
  }
  const main = variants.find((variant) => variant.width === 800) ?? variants[0];
  if (!main) throw new Error("no variants made");
  const { width = 0, height = 0 } = prepared.metadata;
  return { url: main.url, width, height, size: prepared.size, variants };
}

/** Makes the WebP widths of one image and stores them (the seed uses this for its sample pictures). */
export async function storeImage(store: FileStore, folder: UploadFolder, bytes: Buffer): Promise<StoredImage> {
  return saveImage(store, await prepareImage(store, folder, bytes));
}
