import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { setBounded } from "./bounded-map.ts";

export type Encoding = "br" | "gzip";

/** The encoding to send for an Accept-Encoding header: brotli where taken, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressed copies of cached bodies, made once per body (keyed by its ETag) and kept for the most recent
 * `maxEntries`. A rendered page is compressed when it is first asked for, not on every request, so it costs
 * about a tenth of the bytes on a phone's connection without costing CPU per hit. The compressing runs on
 * libuv's thread pool: under staff writes pages are rendered again every second, and a few milliseconds of
 * brotli each on the event loop would delay every request waiting behind it.
 */
export function createCompressedVariants(maxEntries = 500) {
  const variants = new Map<string, Promise<Buffer>>();
  return (etag: string, body: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding}:${etag}`;
    const hit = variants.get(key);
    if (hit) return hit;
    const compressing =
      encoding === "br"
        ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipAsync(body, { level: 9 });
    // A failure is not kept: the next request tries again.
    compressing.catch(() => {
      if (variants.get(key) === compressing) variants.delete(key);
    });
    return setBounded(variants, key, compressing, maxEntries);
  };
}
