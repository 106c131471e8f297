/**
 * Where a link stored by staff may lead, decided by the URL parser browsers share rather than by a
 * pattern: a path in this shop, or an http(s) page elsewhere. Browsers drop tabs and line breaks from
 * a URL and read a backslash as a slash, so `/\evil.com` or `/<tab>/evil.com` become `//evil.com`,
 * another site: such characters are refused before parsing, so what we check is what they follow.
 */
export type LinkKind = "internal" | "external";

const probe = new URL("https://shop.invalid");
/** Backslash, white space, control and format characters (bidi overrides, zero-width). */
const rewrittenByBrowsers = /[\\\s\p{Cc}\p{Cf}\p{Z}]/u;
/** An encoded slash or backslash right after the first: one decoding away from `//`. */
const encodedSecondSlash = /^\/%(2f|5c)/i;

function parse(value: string, base?: URL): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

export function linkKind(value: string): LinkKind | null {
  if (value === "" || rewrittenByBrowsers.test(value)) return null;
  if (value.startsWith("/")) {
    if (value.startsWith("//") || encodedSecondSlash.test(value)) return null;
    return parse(value, probe)?.origin === probe.origin ? "internal" : null;
  }
  // The scheme and both slashes written out: `https:evil.com` means different things to different parsers.
  const url = /^https?:\/\//i.test(value) ? parse(value) : null;
  // `https://shop.example@evil.com` reads as our shop and goes to evil.com.
  return url && url.hostname !== "" && url.username === "" && url.password === "" ? "external" : null;
}
