import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { setBounded } from "./bounded-map.ts";

export type Encoding = "br" | "gzip";

/** The encoding to send for an Accept-Encoding header: brotli where taken, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

/**
 * Compressed copies of cached bodies, made once per body (keyed by its ETag) and kept for the most recent
 * `maxEntries`. A rendered page is compressed when it is first asked for, not on every request, so it costs
 * about a tenth of the bytes on a phone's connection without costing CPU per hit.
 */
export function createCompressedVariants(maxEntries = 500) {
  const variants = new Map<string, Buffer>();
  return (etag: string, body: string, encoding: Encoding): Buffer => {
    const key = `${encoding}:${etag}`;
    const hit = variants.get(key);
    if (hit) return hit;
    const compressed =
      encoding === "br"
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(body, { level: 9 });
    return setBounded(variants, key, compressed, maxEntries);
  };
}
